import jax
import jax.numpy as jnp


def energy(x):
    return jnp.sum(x) / 2


out, f_vjp = jax.vjp(energy, jnp.ones(2))
print(f_vjp(True))  # expect: JXE022
