import jax
import jax.numpy as jnp


def add(x, y):
    return x + y


out, f_vjp = jax.vjp(add, jnp.ones(3), jnp.ones(3), saveable_args=False)
print(f_vjp(jnp.ones(3)))
