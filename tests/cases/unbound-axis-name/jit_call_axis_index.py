import jax
import jax.numpy as jnp
from jax import lax


def shard_offset(x):
    index = lax.axis_index("shards")  # expect: JXE108
    return x + index


if __name__ == "__main__":
    print(jax.jit(shard_offset)(jnp.zeros(2)))
