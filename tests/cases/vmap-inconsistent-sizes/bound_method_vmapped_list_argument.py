import jax
import jax.numpy as jnp

CHARGES = {"H": 1.0, "C": 6.0, "N": 7.0}


class PairModel:
    def __init__(self, cutoff=4.0):
        self.cutoff = cutoff

    def atom_energy(self, z_i, r_i, all_z, all_r):
        d = jnp.linalg.norm(all_r - r_i, axis=-1)
        return 0.5 * z_i * jnp.sum(jnp.where(d < self.cutoff, all_z / (1.0 + d), 0.0))

    def energy(self, symbols, positions):
        z = jnp.array([CHARGES[s] for s in symbols])
        per_atom = jax.vmap(self.atom_energy, in_axes=(0, 0, None, None))(z, positions, z, positions)  # expect: JXE094
        return per_atom.sum()


symbols = ["H", "C", "N", "H"]
model = PairModel()
print(model.energy(symbols, jnp.ones((3, 3))))
