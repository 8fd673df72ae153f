import jax
import jax.numpy as jnp


@jax.jit
def first_only(a):
    out = jnp.zeros_like(a)
    out[0] = a[0]  # expect: JXE080
    return out


print(first_only(jnp.arange(3.0)))
