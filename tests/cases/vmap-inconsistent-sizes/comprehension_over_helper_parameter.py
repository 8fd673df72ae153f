import jax
import jax.numpy as jnp

CHARGES = {"H": 1.0, "C": 6.0, "O": 8.0}


def pair_energy(z_i, r_i, all_z, all_r):
    distances = jnp.linalg.norm(all_r - r_i, axis=-1)
    return 0.5 * z_i * jnp.sum(all_z / (1.0 + distances))


def total_energy(symbols, positions):
    z = jnp.array([CHARGES[s] for s in symbols])
    per_atom = jax.vmap(pair_energy, in_axes=(0, 0, None, None))(z, positions, z, positions)  # expect: JXE094
    return per_atom.sum()


symbols = ["H", "H", "C", "O"]
positions = jax.random.normal(jax.random.key(0), (3, 3))
print(total_energy(symbols, positions))
