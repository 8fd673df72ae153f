# case: static — the traced function comes from a module that is not installed
import jax
import jax.numpy as jnp
from mylib.layers import gated

fast = jax.jit(gated)
flag = gated.enabled
if flag:
    print(fast(jnp.ones(3)))
