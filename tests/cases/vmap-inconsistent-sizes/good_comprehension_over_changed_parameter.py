import jax
import jax.numpy as jnp

CHARGES = {"H": 1.0, "C": 6.0, "O": 8.0}


def pair_energy(z_i, r_i, all_z, all_r):
    distances = jnp.linalg.norm(all_r - r_i, axis=-1)
    return 0.5 * z_i * jnp.sum(all_z / (1.0 + distances))


def total_energy(symbols, positions):
    if len(symbols) < positions.shape[0]:
        symbols.append("H")  # (the list grows to match: its length at the call is not the loop's)
    z = jnp.array([CHARGES[s] for s in symbols])
    per_atom = jax.vmap(pair_energy, in_axes=(0, 0, None, None))(z, positions, z, positions)
    return per_atom.sum()


def rows_energy(rows, positions):
    z = jnp.array([r.sum() for r in rows])  # (one entry per row of the array)
    return jax.vmap(pair_energy, in_axes=(0, 0, None, None))(z, positions, z, positions).sum()


print(total_energy(["H", "C", "O"], jnp.ones((4, 3))))
print(rows_energy(jnp.ones((4, 2)), jnp.ones((4, 3))))
