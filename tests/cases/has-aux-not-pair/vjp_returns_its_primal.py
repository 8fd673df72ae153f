import jax
import jax.numpy as jnp


def identity(x):
    return x


primal_out, pullback, aux = jax.vjp(identity, jnp.ones(3), has_aux=True)  # expect: JXE023
