import jax
import jax.numpy as jnp


@jax.jit
def cast(x, dtype):
    return x.astype(dtype)


print(cast(jnp.arange(3), jnp.float16))  # expect: JXE081
