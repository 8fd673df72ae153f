import jax
import jax.numpy as jnp


def energy(positions, charges):
    return jnp.sum(positions * charges)


force = jax.grad(energy, argnums=-2)  # `positions`, float: the int charges are not differentiated
print(force(jnp.ones(3), jnp.array([1, -1, 1])))
