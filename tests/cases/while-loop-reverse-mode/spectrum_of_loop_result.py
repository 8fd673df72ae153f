import jax
import jax.numpy as jnp
from jax import lax


def smoothed_covariance(samples, tol=1e-4):
    cov = samples.T @ samples / samples.shape[0]

    def keep_going(state):
        step, _, change = state
        return (step < 20) & (change > tol)

    def blend(state):
        step, current, _ = state
        updated = 0.5 * (current + jnp.diag(jnp.diag(cov)))
        return step + 1, updated, jnp.max(jnp.abs(updated - current))

    _, smoothed, _ = lax.while_loop(keep_going, blend, (0, cov, jnp.inf))  # expect: JXE107
    return smoothed


def log_volume(samples):
    return jnp.sum(jnp.log(jnp.linalg.eigvalsh(smoothed_covariance(samples))))


data = jax.random.normal(jax.random.key(0), (50, 3))
print(jax.grad(log_volume)(data))
