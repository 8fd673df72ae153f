import jax
import jax.numpy as jnp


def sin_cos(x):
    return jnp.sin(x), jnp.cos(x)


def apply(pullback, ct):
    return pullback(ct)


out, f_vjp = jax.vjp(sin_cos, 0.5)
print(apply(f_vjp, (1.0, 1.0)))
