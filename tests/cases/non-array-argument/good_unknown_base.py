# case: static — the base comes from another module and may be a registered pytree
import jax
import jax.numpy as jnp
from mylib.modules import Module


class Head(Module):
    @jax.jit
    def logits(self, x):
        return self.w @ x


print(Head().logits(jnp.ones(2)))
