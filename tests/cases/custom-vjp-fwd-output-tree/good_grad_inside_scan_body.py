# case: static — the scan body differentiates the function itself: the default path never traces it first
import jax
import jax.numpy as jnp


@jax.custom_vjp
def soft_sin(x):
    return jnp.sin(x)


def soft_sin_fwd(x):
    return (jnp.sin(x),), x


def soft_sin_bwd(x, g):
    return (g * jnp.cos(x),)


soft_sin.defvjp(soft_sin_fwd, soft_sin_bwd)


def body(carry, _):
    return jax.grad(soft_sin)(carry), None


print(jax.lax.scan(body, 0.5, None, length=3)[0])
