import jax.numpy as jnp

spins = jnp.where(jnp.arange(16).reshape(4, 4) % 2 == 0, 1.0, -1.0)
halo = jnp.pad(spins, ((1, 1), (1, 1), (1, 1)), mode="wrap")  # expect: JXE164
print(halo.sum())
