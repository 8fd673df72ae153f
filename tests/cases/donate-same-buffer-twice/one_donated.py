import jax
import jax.numpy as jnp

step = jax.jit(lambda p, g: p - 0.1 * g, donate_argnums=0)
g = jnp.ones(3)
p = jnp.zeros(3)
p = step(p, g)
p = step(p, g)
print(p)
