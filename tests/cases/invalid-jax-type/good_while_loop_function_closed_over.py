import jax.numpy as jnp
from jax import lax


def euler_step(f, z, dt=0.1):
    return z + dt * f(z)


def settle(func, z0, integrator, tol=1e-4):
    def keep_going(carry):
        previous, current = carry
        return jnp.linalg.norm(current - previous) > tol

    def body(carry):
        _, current = carry
        return current, integrator(func, current)

    init = (z0 + 1.0, z0)
    return lax.while_loop(keep_going, body, init)[1]


def scaled(z0, z1):
    init = (z0 * 2.0, -z1, z0 + z1)  # (arrays and arithmetic on them: valid leaves)
    return lax.while_loop(lambda c: c[0].sum() < 0, lambda c: c, init)


print(settle(lambda z: -0.5 * z, jnp.ones(3), euler_step))
print(scaled(jnp.ones(2), jnp.zeros(2)))
