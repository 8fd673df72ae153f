import jax
import jax.numpy as jnp


@jax.custom_vjp
def soft_sin(x):
    return jnp.sin(x)


def soft_sin_fwd(x):
    return soft_sin(x), x


def soft_sin_bwd(x, g):
    return (g * jnp.cos(x),)


def draft_fwd(x):
    return jnp.sin(x)


soft_sin.defvjp(draft_fwd, soft_sin_bwd)
soft_sin.defvjp(soft_sin_fwd, soft_sin_bwd)  # replaces the draft rule
print(jax.grad(soft_sin)(0.5))
