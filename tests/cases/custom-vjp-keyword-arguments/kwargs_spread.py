import jax
import jax.numpy as jnp


@jax.custom_vjp
def scaled_sin(x, alpha):
    return alpha * jnp.sin(x)


scaled_sin.defvjp(lambda x, alpha: (alpha * jnp.sin(x), (x, alpha)),
                  lambda res, g: (res[1] * jnp.cos(res[0]) * g, jnp.sin(res[0]) * g))
options = {"alpha": 2.0}
print(scaled_sin(0.5, **options))
