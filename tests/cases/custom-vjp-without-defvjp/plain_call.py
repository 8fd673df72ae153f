import jax.numpy as jnp
from jax import custom_vjp


@custom_vjp
def clip_gradient(x):  # expect: JXE052
    return jnp.clip(x, -1.0, 1.0)


print(clip_gradient(jnp.arange(3.0)))
