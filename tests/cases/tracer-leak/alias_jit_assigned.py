import jax as J
import jax.numpy as jnp

history = []


def step(x):
    loss = jnp.sum(x ** 2)
    history.append(loss)  # expect: JXE077
    return x - 0.1 * x


fast_step = J.jit(step)
x = jnp.ones(3)
for _ in range(3):
    x = fast_step(x)
print(jnp.stack(history))
