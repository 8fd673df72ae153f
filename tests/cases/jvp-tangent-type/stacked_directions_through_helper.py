import jax
import jax.numpy as jnp


def potential(q):
    return jnp.sum(jnp.cos(q)) + 0.5 * jnp.dot(q, q)


def slopes_along(q, probes):
    _, slope = jax.jvp(potential, (q,), (probes,))  # expect: JXE154
    return slope


q = jnp.linspace(0.0, 1.0, 5)
probes = jnp.eye(3, 5)
print(slopes_along(q, probes))
