import jax
import jax.numpy as jnp


@jax.checkpoint
def softplus(x):
    if x > 20.0:  # expect: JXE070
        return x
    return jnp.log1p(jnp.exp(x))


print(jax.grad(softplus)(1.0))
