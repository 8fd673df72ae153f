import jax.numpy as jnp


def vjp(f, x):
    return f(x), lambda a, b: (a * jnp.cos(x) - b * jnp.sin(x),)


def sin_cos(x):
    return jnp.sin(x), jnp.cos(x)


out, pull = vjp(sin_cos, 0.5)
print(pull(1.0, 1.0))
