import jax
import jax.numpy as jnp


@jax.jit(static_argnames=("fill",))
def filled(n, fill):
    return jnp.full(shape=(n, 2), fill_value=fill)  # expect: JXE072


print(filled(3, fill=1.0))
