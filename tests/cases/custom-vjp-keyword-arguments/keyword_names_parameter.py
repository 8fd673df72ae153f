import jax
import jax.numpy as jnp


@jax.custom_vjp
def scaled_sin(x, alpha=1.0):
    return alpha * jnp.sin(x)


def scaled_sin_fwd(x, alpha=1.0):
    return alpha * jnp.sin(x), (x, alpha)


def scaled_sin_bwd(res, g):
    x, alpha = res
    return (alpha * jnp.cos(x) * g, jnp.sin(x) * g)


scaled_sin.defvjp(scaled_sin_fwd, scaled_sin_bwd)
print(scaled_sin(0.5, alpha=2.0), scaled_sin(x=0.5), scaled_sin(0.5))
print(jax.grad(scaled_sin)(0.5, alpha=3.0))
