import jax
import jax.numpy as jnp

step = jax.jit(lambda p, g: p - g, donate_argnums=0)
p = jnp.ones(3)
g = jnp.full(3, 0.5)
p = step(p, g)
print(g, p)
