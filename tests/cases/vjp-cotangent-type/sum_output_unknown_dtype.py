import jax
import jax.numpy as jnp


def total(n):
    return jnp.sum(n)


out, f_vjp = jax.vjp(total, jnp.arange(3))
print(f_vjp(1))  # jnp.sum keeps the int dtype: the rule does not guess
