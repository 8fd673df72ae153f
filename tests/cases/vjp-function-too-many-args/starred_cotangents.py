import jax
import jax.numpy as jnp


def sin_cos(x):
    return jnp.sin(x), jnp.cos(x)


out, f_vjp = jax.vjp(sin_cos, 0.5)
cts = ((1.0, 1.0),)
print(f_vjp(*cts))
