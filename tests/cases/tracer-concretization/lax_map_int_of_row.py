import jax
import jax.numpy as jnp

choices = jnp.array([0, 1, 1, 0])
points = jnp.array([0.5, 1.5, 2.5, 3.5])


def pick(i):
    which = int(choices[i])  # expect: JXE071
    return points[i] * (which + 1)


print(jax.lax.map(pick, jnp.arange(4)))
