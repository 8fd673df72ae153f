import jax
import jax.numpy as jnp


def energy(positions, charges):
    return jnp.sum(positions * charges)


force = jax.grad(energy, argnums=-1)  # the last positional argument: `charges`
print(force(jnp.ones(3), jnp.array([1, -1, 1])))  # expect: JXE090
