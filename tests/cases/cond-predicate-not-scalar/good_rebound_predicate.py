import jax
import jax.numpy as jnp

pred = jnp.ones(3) > 0
pred = pred.all()
print(jax.lax.cond(pred, lambda: 1, lambda: 0))
