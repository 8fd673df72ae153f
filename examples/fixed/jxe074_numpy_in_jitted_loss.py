"""jnp.abs works on tracers where np.abs does not."""

import jax
import jax.numpy as jnp


@jax.jit
def huber_loss(pred, target):
    err = pred - target
    quadratic = 0.5 * err ** 2
    linear = jnp.abs(err) - 0.5
    return jnp.mean(jnp.where(jnp.abs(err) < 1.0, quadratic, linear))


print(huber_loss(jnp.array([0.5, 2.0, -3.0]), jnp.zeros(3)))
