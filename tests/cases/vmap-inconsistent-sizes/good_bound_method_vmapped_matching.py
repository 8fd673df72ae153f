import jax
import jax.numpy as jnp

CHARGES = {"H": 1.0, "C": 6.0, "N": 7.0}


class PairModel:
    def __init__(self, cutoff=4.0):
        self.cutoff = cutoff
        self.seen = []

    def atom_energy(self, z_i, r_i, all_z, all_r):
        d = jnp.linalg.norm(all_r - r_i, axis=-1)
        return 0.5 * z_i * jnp.sum(jnp.where(d < self.cutoff, all_z / (1.0 + d), 0.0))

    def energy(self, symbols, positions):
        z = jnp.array([CHARGES[s] for s in symbols])
        per_atom = jax.vmap(self.atom_energy, in_axes=(0, 0, None, None))(z, positions, z, positions)
        return per_atom.sum()

    def energy_kept(self, symbols, positions):
        self.seen = symbols  # (kept on the object: what the list holds later is not shown)
        return self.energy(symbols, positions)


symbols = ["H", "C", "N"]
model = PairModel()
print(model.energy(symbols, jnp.ones((3, 3))))
extra = ["H", "C"]
print(model.energy_kept(extra, jnp.ones((2, 3))))
