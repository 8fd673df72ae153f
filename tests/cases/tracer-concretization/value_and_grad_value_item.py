import jax
import jax.numpy as jnp

history = []


@jax.jit
def train_step(w, x, y):
    loss, g = jax.value_and_grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
    history.append(loss.item())  # expect: JXE071
    return w - 0.1 * g


print(train_step(jnp.zeros(2), jnp.ones((4, 2)), jnp.ones(4)))
