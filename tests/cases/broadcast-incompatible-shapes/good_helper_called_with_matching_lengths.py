import jax
import jax.numpy as jnp


def residual(prediction, target):
    error = prediction - target
    return jnp.mean(error ** 2)


print(residual(jnp.zeros(3), jnp.ones(3)))
print(jax.jit(residual)(jnp.zeros((2, 3)), jnp.ones(3)))
