import dataclasses
import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class S:
    x: jax.Array
    n: jax.Array


def f(s):
    if s.n > 0:
        return s.x
    return -s.x


print(jax.vmap(f, in_axes=(S(0, None),))(S(jnp.ones(3), jnp.array(1))))
