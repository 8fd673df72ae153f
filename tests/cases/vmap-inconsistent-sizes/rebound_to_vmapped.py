import jax
import jax.numpy as jnp


def dist(a, b):
    return jnp.sum((a - b) ** 2)


print(dist(jnp.ones(3), jnp.zeros(3)))
dist = jax.vmap(dist)
print(dist(jnp.ones((4, 3)), jnp.zeros((4, 3))))
print(dist(jnp.ones((4, 3)), jnp.zeros((5, 3))))  # expect: JXE094
