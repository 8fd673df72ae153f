import jax.numpy as jnp
from jax import lax

mixing = jnp.full((4, 4), 0.25)


def power_step(i, carry):
    vector, scale = carry
    vector = vector @ mixing  # expect: JXE103
    return vector / jnp.linalg.norm(vector), scale * 0.5


start = (jnp.ones((2, 3)), 1.0)
print(lax.fori_loop(0, 5, power_step, start))
