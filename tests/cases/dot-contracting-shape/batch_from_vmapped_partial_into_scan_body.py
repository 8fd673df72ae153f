from functools import partial

import jax
import jax.numpy as jnp

STATE, OBS, T = 2, 3, 20
A = jnp.array([[1.0, 0.1], [0.0, 0.9]])
C = jnp.ones((OBS, STATE))


def simulate(key, num_steps):
    def step(z, k):
        k1, k2 = jax.random.split(k)
        z = A @ z + 0.1 * jax.random.normal(k1, (STATE,))
        return z, C @ z + jax.random.multivariate_normal(k2, jnp.zeros(OBS), jnp.eye(OBS))
    _, ys = jax.lax.scan(step, jnp.zeros(STATE), jax.random.split(key, num_steps))
    return ys


def filter_loglik(emissions):
    def step(carry, y):
        m, P = carry
        m, P = A @ m, A @ P @ A.T + 0.1 * jnp.eye(STATE)
        S = C @ P @ C.T + jnp.eye(OBS)
        K = P @ C.T @ jnp.linalg.inv(S)
        resid = y - C @ m
        return (m + K @ resid, P - K @ S @ K.T), jnp.sum(resid ** 2)  # expect: JXE103
    _, terms = jax.lax.scan(step, (jnp.zeros(STATE), jnp.eye(STATE)), emissions)
    return terms.sum()


keys = jax.random.split(jax.random.PRNGKey(0), 4)
batch = jax.vmap(partial(simulate, num_steps=T))(keys)  # four sequences of T steps
print(filter_loglik(batch))
