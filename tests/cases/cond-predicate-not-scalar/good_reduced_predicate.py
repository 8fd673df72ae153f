import jax
import jax.numpy as jnp

x = jnp.arange(4.0)
print(jax.lax.cond(jnp.all(x > 1), lambda v: v * 2, lambda v: v, x))
print(jax.lax.cond(x[0] > 1, lambda v: v * 2, lambda v: v, x))
print(jnp.where(x > 1, x * 2, x))
