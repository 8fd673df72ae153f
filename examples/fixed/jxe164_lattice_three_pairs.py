import jax.numpy as jnp

lattice = jnp.ones((6, 6))
halo = jnp.pad(lattice, ((1, 1), (1, 1)), mode="wrap")  # one (before, after) pair per axis
print(halo.shape)
