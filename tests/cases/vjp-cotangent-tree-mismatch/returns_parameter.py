import jax
import jax.numpy as jnp


def identity(p):
    return p


params = (jnp.ones(2), jnp.zeros(2))
out, f_vjp = jax.vjp(identity, params)
print(f_vjp((jnp.ones(2), jnp.ones(2))))
