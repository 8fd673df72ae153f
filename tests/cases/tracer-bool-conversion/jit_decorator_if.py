import jax
import jax.numpy as jnp


@jax.jit
def relu(x):
    if x > 0:  # expect: JXE070
        return x
    return 0.0


print(relu(jnp.float32(2.0)))
