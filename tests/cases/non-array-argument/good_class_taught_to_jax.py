# case: static — a new array type needs more of JAX's internals than this case builds; the class is handed to JAX's registry, so it may be an array type
import jax
import jax.numpy as jnp
from jax._src import core


class Wrapped:
    def __init__(self, data):
        self.data = data


core.pytype_aval_mappings[Wrapped] = lambda w: core.ShapedArray(w.data.shape, w.data.dtype)


@jax.jit
def identity(w):
    return w


print(identity(Wrapped(jnp.ones(3))))
