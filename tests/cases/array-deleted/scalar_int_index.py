import jax
import jax.numpy as jnp

scale = jax.jit(lambda x, k: x * k, donate_argnums=0, static_argnums=1)
x = jnp.float32(2.0) * jnp.ones(4)
y = scale(x, 3)
print(y, x.shape)
first = x[0]  # expect: JXE139
