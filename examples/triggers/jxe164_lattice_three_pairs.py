import jax.numpy as jnp

lattice = jnp.ones((6, 6))
halo = jnp.pad(lattice, ((1, 1), (1, 1), (1, 1)), mode="wrap")  # expect: JXE164
print(halo.shape)
