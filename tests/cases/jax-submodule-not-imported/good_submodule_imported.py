import jax
import jax.numpy as jnp
import jax.scipy.optimize
from jax.experimental import checkify


def loss(theta):
    return jnp.sum((theta - 3.0) ** 2)


print(jax.scipy.optimize.minimize(loss, jnp.zeros(2), method="BFGS").x)
print(jax.experimental.checkify.checkify(lambda x: x + 1)(1.0)[1], checkify is not None)
print(jax.scipy.special.logsumexp(jnp.ones(3)), jax.scipy.linalg.expm(jnp.eye(2)).shape)
