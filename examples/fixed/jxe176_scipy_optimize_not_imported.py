import jax
import jax.numpy as jnp
import jax.scipy.optimize


def loss(theta):
    return jnp.sum((theta - 3.0) ** 2)


result = jax.scipy.optimize.minimize(loss, jnp.zeros(2), method="BFGS")
print(result.x)
