import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class Config:
    def __init__(self, scale):
        self.scale = scale

    def tree_flatten(self):
        return (self.scale,), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


@jax.jit
def apply(x, config):
    return x * config.scale


print(apply(jnp.ones(2), Config(2.0)))
