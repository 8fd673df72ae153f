import jax
import jax.numpy as jnp


step = jax.jit(lambda previous, current: current * 2 - previous, donate_argnums=1)
y = jnp.ones((4, 2))
print(step(y, y))  # expect: JXE149
