import jax
import jax.numpy as jnp


def positions(mask):
    return jnp.arange(mask.sum())  # expect: JXE071


print(jax.make_jaxpr(positions)(jnp.array([True, False, True])))
