import jax
import jax.numpy as jnp

swap = jax.jit(lambda a, b: (b * 2.0, a * 3.0), donate_argnums=(0, 1))
x = jnp.arange(4.0)
y = x
print(swap(x, y))  # expect: JXE140
