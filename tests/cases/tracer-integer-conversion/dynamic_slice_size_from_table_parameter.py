import jax
import jax.numpy as jnp
from jax.lax import dynamic_slice_in_dim


def run_packed(packed, batch_sizes):
    out = jnp.zeros_like(packed)

    def body(i, carry):
        out, offset = carry
        size = batch_sizes[i]
        chunk = dynamic_slice_in_dim(packed, offset, size)  # expect: JXE073
        return out + jnp.sum(chunk), offset + size

    out, _ = jax.lax.fori_loop(0, 3, body, (out, 0))
    return out


print(run_packed(jnp.arange(9.0), jnp.asarray([3, 3, 3])))
