import jax
import jax.numpy as jnp


@jax.custom_vjp
def soft_sin(x):
    return jnp.sin(x)


if jax.__version__:
    soft_sin = jnp.sin

print(jax.grad(soft_sin)(0.5))
