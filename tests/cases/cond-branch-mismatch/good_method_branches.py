# case: static — branches that are methods and a decorated def: the file does not show what they return
import jax
import jax.numpy as jnp
from jax import lax


class Policy:
    def greedy(self, x):
        return x.argmax()

    def sample(self, x):
        return x * 0.5

    def act(self, flag, x):
        return lax.cond(flag, self.greedy, self.sample, x)


@jax.jit
def scaled(x):
    return x * 2.0


print(lax.cond(True, scaled, lambda v: v.astype(jnp.int32), jnp.ones(2)))
