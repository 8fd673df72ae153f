import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def write(row):
    return row


@jax.vmap
def save_rows(row):
    scaled = row * 2.0
    return io_callback(write, jax.ShapeDtypeStruct(scaled.shape, scaled.dtype), scaled, ordered=True)  # expect: JXE141


print(jax.jit(lambda m: save_rows(m))(jnp.ones((2, 3))))
print(save_rows(jnp.ones((2, 3))))
