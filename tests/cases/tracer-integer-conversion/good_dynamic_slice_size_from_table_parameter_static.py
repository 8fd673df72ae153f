import jax
import jax.numpy as jnp
from jax.lax import dynamic_slice_in_dim


def run_packed(packed, batch_sizes, size):
    out = jnp.zeros_like(packed)

    def body(i, carry):
        out, offset = carry
        chunk = dynamic_slice_in_dim(packed, offset, size)  # a Python int: static
        return out + jnp.sum(chunk), offset + batch_sizes[i]

    out, _ = jax.lax.fori_loop(0, 3, body, (out, 0))
    return out


print(run_packed(jnp.arange(9.0), jnp.asarray([3, 3, 3]), 3))
