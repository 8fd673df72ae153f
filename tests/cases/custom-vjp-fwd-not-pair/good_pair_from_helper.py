import jax
import jax.numpy as jnp


def forward_with_residuals(x):
    y = jnp.exp(x)
    return y, y


@jax.custom_vjp
def exp(x):
    return jnp.exp(x)


def exp_fwd(x):
    return forward_with_residuals(x)


def exp_bwd(y, g):
    return (g * y,)


exp.defvjp(exp_fwd, exp_bwd)
print(jax.grad(exp)(1.0))
