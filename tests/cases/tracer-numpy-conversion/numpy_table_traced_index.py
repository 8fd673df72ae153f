import jax
import jax.numpy as jnp
import numpy as np

TABLE = np.linspace(0.0, 1.0, 5)


def body(i, total):
    return total + TABLE[i]  # expect: JXE074


print(jax.lax.fori_loop(0, 3, body, jnp.float32(0.0)))
