import jax
import jax.numpy as jnp

step = jax.jit(lambda p: p + 1.0, donate_argnums=0)
x = jnp.ones((2, 2))
y = step(x)
print(x.shape, x.dtype, x.is_deleted(), len(x), y)
