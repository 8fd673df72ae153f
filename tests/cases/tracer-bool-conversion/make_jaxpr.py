import jax
import jax.numpy as jnp


def sign(x):
    return 1.0 if x >= 0 else -1.0  # expect: JXE070


print(jax.make_jaxpr(sign)(jnp.float32(2.0)))
