import jax
import jax.numpy as jnp


def dist(a, b):
    return jnp.sum((a - b) ** 2)


for _ in range(2):
    dist = jax.vmap(dist)
print(dist(jnp.ones((4, 5, 3)), jnp.zeros((4, 5, 3))))
