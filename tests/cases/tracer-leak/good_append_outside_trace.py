import jax
import jax.numpy as jnp

history = []


@jax.jit
def step(x):
    return x * 0.5


x = jnp.ones(3)
for _ in range(3):
    x = step(x)
    history.append(x)
print(history[-1] + 1.0, jnp.stack(history))
