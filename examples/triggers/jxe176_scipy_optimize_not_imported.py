import jax
import jax.numpy as jnp


def loss(theta):
    return jnp.sum((theta - 3.0) ** 2)


result = jax.scipy.optimize.minimize(loss, jnp.zeros(2), method="BFGS")  # expect: JXE176
print(result.x)
