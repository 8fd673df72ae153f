import jax
import jax.numpy as jnp


def scale(factor, x):
    return factor * jnp.sin(x)


def scale_fwd(factor, x):
    return scale(factor, x), x


def scale_bwd(factor, x, g):
    return (factor * jnp.cos(x) * g,)  # one cotangent: `factor` is not differentiable


scaled = jax.custom_vjp(scale, (0,))  # nondiff_argnums given positionally
scaled.defvjp(scale_fwd, scale_bwd)
print(jax.grad(lambda x: scaled(2.0, x))(0.5))
