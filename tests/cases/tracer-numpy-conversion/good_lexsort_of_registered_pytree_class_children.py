import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class Basis:
    def __init__(self, modes, name):
        self.modes = modes  # integer array (n, 3)
        self.name = name

    def tree_flatten(self):
        return (self.modes,), self.name

    @classmethod
    def tree_unflatten(cls, name, children):
        return cls(*children, name)


@jax.jit
def residual(coeffs, basis):
    order = jnp.lexsort((basis.modes[:, 1], basis.modes[:, 0]))
    return jnp.sum(coeffs * basis.modes[order, 2])


modes = jnp.array([[0, 1, 0], [1, 0, 1], [0, 2, 1]])
print(residual(jnp.ones(3), Basis(modes, "fourier")))
