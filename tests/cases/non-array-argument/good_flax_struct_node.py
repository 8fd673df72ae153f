# case: static — flax is not installed; a flax.struct.PyTreeNode subclass is a pytree
import jax
import jax.numpy as jnp
from flax import struct


class State(struct.PyTreeNode):
    step: int
    params: jax.Array

    @jax.jit
    def advance(self, grads):
        return self.replace(step=self.step + 1, params=self.params - 0.1 * grads)


print(State(0, jnp.ones(2)).advance(jnp.ones(2)))
