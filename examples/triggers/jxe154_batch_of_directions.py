import jax
import jax.numpy as jnp


def loss(weights):
    return jnp.sum(jnp.tanh(weights) ** 2)


weights = jnp.array([0.3, -0.1, 0.8])
directions = jnp.eye(2, 3)  # two probe directions, stacked
print(jax.jvp(loss, (weights,), (directions,)))  # expect: JXE154
