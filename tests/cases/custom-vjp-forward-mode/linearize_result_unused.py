import jax
import jax.numpy as jnp


@jax.custom_vjp
def soft_sin(x):
    return jnp.sin(x)


def soft_sin_fwd(x):
    return soft_sin(x), x


soft_sin.defvjp(soft_sin_fwd, lambda x, g: (g * jnp.cos(x),))
y, _ = jax.linearize(soft_sin, 0.5)
print(y, jax.grad(soft_sin)(0.5))
