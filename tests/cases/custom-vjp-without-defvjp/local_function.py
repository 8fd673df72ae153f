import jax
import jax.numpy as jnp


def loss(x):
    @jax.custom_vjp
    def safe_log(y):  # expect: JXE052
        return jnp.log(y)

    return jnp.sum(safe_log(x))


print(jax.grad(loss)(jnp.ones(3)))
