import jax
import jax.numpy as jnp


def integrate(y0, theta):
    def keep_going(state):
        _, t = state
        return t < 1.0

    def time_step(state):
        y, t = state
        return y * 0.5, t + 0.1 * theta  # (only the time depends on theta)

    def masked_step(state):
        y, t = state
        return jnp.where(t < theta, y * 0.5, y), t + 0.1  # (theta only picks a branch)

    def stopped_step(state):
        y, t = state
        return y * jax.lax.stop_gradient(theta), t + 0.1

    y1, _ = jax.lax.while_loop(keep_going, time_step, (y0, 0.0))
    y2, _ = jax.lax.while_loop(keep_going, masked_step, (y0, 0.0))
    y3, _ = jax.lax.while_loop(keep_going, stopped_step, (y0, 0.0))
    return y1 + y2 + y3


def loss(theta, y0):
    return jnp.sum(integrate(y0, theta))


print(jax.grad(loss)(0.7, jnp.ones(2)))
print(jax.jacfwd(lambda th: jnp.sum(integrate(jnp.ones(2), th)))(0.7))
