import jax
import jax.numpy as jnp


@jax.jit
def fingerprint(v):
    return hash(v.tobytes())  # expect: JXE071


print(fingerprint(jnp.array([3.0, 4.0])))
