import jax
import jax.numpy as jnp


def potential(q):
    return jnp.sum(jnp.cos(q)) + 0.5 * jnp.dot(q, q)


def slopes_along(q, probes):
    along = lambda probe: jax.jvp(potential, (q,), (probe,))[1]
    return jax.vmap(along)(probes)


q = jnp.linspace(0.0, 1.0, 5)
probes = jnp.eye(3, 5)
h = jnp.ones((2, 3), jnp.float16)
print(slopes_along(q, probes), jax.jvp(jnp.tanh, (h,), (jnp.ones_like(h),)))
print(jax.jvp(lambda a, b: a * b, (2.0, jnp.ones(3)), (1.0, jnp.zeros(3))))
