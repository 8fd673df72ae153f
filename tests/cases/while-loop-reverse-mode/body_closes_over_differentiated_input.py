import jax
import jax.numpy as jnp


def decay_rate(y, theta):
    return -theta * y


def integrate(y0, t1, theta, dt=0.1):
    def keep_going(state):
        _, t = state
        return t < t1

    def euler_step(state):
        y, t = state
        y = y + dt * decay_rate(y, theta)
        return y, t + dt

    y, _ = jax.lax.while_loop(keep_going, euler_step, (y0, 0.0))  # expect: JXE107
    return y


def loss(theta, y0, target):
    return jnp.sum((integrate(y0, 1.0, theta) - target) ** 2)


print(jax.grad(loss)(0.7, jnp.ones(2), jnp.zeros(2)))
