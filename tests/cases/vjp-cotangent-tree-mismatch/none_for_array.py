import jax
import jax.numpy as jnp


def energy(x):
    return jnp.sum(jnp.tanh(x))


out, f_vjp = jax.vjp(energy, jnp.ones(2))
print(f_vjp(None))  # expect: JXE021
