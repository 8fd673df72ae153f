import jax
import jax.numpy as jnp


def sin_cos(x):
    return jnp.sin(x), jnp.cos(x)


out, f_vjp = jax.vjp(sin_cos, 0.5)
(x_bar,) = f_vjp([1.0, 1.0])  # expect: JXE021
print(x_bar)
