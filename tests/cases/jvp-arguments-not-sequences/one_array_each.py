import jax
import jax.numpy as jnp


def energy(q):
    return jnp.sum(jnp.cos(q) * q)


q = jnp.linspace(0.0, 1.0, 4)
direction = jnp.ones(4)
print(jax.jvp(energy, q, direction))  # expect: JXE171
