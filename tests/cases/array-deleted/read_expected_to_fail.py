import jax
import jax.numpy as jnp

step = jax.jit(lambda p: p * 0.5, donate_argnums=0)
x = jnp.ones(2)
y = step(x)
try:
    print(x)
except RuntimeError as error:
    print("deleted, as expected:", error)
print(y)
