import jax
import jax.numpy as jnp

running_loss = 0.0


@jax.jit
def train_step(w, x):
    global running_loss
    loss = jnp.mean((x @ w) ** 2)
    running_loss += loss  # expect: JXE077
    return w - 0.01 * x.T @ (x @ w)


w = train_step(jnp.ones(3), jnp.ones((4, 3)))
print(running_loss / 10)
