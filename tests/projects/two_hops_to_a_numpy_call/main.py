import jax
import jax.numpy as jnp

from pkg.model import predict

fast = jax.jit(predict)
print(fast(jnp.ones(3), jnp.ones((2, 3))))
