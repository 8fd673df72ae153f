import functools

import jax
import jax.numpy as jnp


def pair_energy(positions, *, cutoff, validate=True):
    if validate:
        assert jnp.all(positions < 10 * cutoff), "atoms out of the box"  # expect: JXE070
    distances = jnp.abs(positions[:, None] - positions[None, :])
    return jnp.sum(jnp.where(distances < cutoff, 1.0 / (distances + 1.0), 0.0))


class Potential:
    def __init__(self, cutoff=1.5):
        self.cutoff = cutoff

    def to_reference(self):
        return functools.partial(pair_energy, cutoff=self.cutoff)


potential = Potential()
reference = potential.to_reference()
print(reference(jnp.arange(4.0)))
fast = jax.jit(reference)
print(fast(jnp.arange(4.0)))
