import jax
import jax.numpy as jnp


@jax.custom_vjp
def scaled_sin(x, alpha):
    return alpha * jnp.sin(x)


def scaled_sin_fwd(x, alpha):
    return alpha * jnp.sin(x), (x, alpha)


def scaled_sin_bwd(res, g):
    x, alpha = res
    return (alpha * jnp.cos(x) * g, jnp.sin(x) * g)


scaled_sin.defvjp(scaled_sin_fwd, scaled_sin_bwd)
print(scaled_sin(0.5, 1.0, scale=2.0))  # expect: JXE053
