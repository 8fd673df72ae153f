import jax
import jax.numpy as jnp


def objective(weights, batch):
    total = jnp.dot(weights, batch)
    while total > 10.0:  # expect: JXE070
        total = total / 2.0
    return total


@jax.jit
def train_step(weights, batch):
    value, grads = jax.value_and_grad(objective)(weights, batch)
    return weights - 0.1 * grads, value


print(train_step(jnp.ones(3), jnp.ones(3)))
