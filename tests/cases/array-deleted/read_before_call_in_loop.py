import jax
import jax.numpy as jnp

step = jax.jit(lambda p: p * 0.5, donate_argnums=0)
x = jnp.ones(2)
for i in range(1):
    print(x)
    x = step(x)
print(x)
