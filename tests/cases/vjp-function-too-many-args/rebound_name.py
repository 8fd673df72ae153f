import jax
import jax.numpy as jnp

out, f_vjp = jax.vjp(jnp.sin, 0.5)
print(f_vjp(1.0))


def f_vjp(a, b):  # the user's own two-argument function now holds the name
    return a + b


print(f_vjp(1.0, 2.0))
