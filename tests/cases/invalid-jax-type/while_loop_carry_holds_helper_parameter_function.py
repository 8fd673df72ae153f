import jax.numpy as jnp
from jax import lax


def euler_step(f, z, dt=0.1):
    return z + dt * f(z)


def settle(func, z0, integrator, tol=1e-4):
    def keep_going(carry):
        previous, current, _ = carry
        return jnp.linalg.norm(current - previous) > tol

    def body(carry):
        _, current, step = carry
        return current, step(func, current), step

    init = (z0 + 1.0, z0, integrator)
    return lax.while_loop(keep_going, body, init)[1]  # expect: JXE142


print(settle(lambda z: -0.5 * z, jnp.ones(3), euler_step))
