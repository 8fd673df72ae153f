from jax import jit
import jax.numpy as jnp


@jit
def safe_log(x):
    assert jnp.all(x > 0)  # expect: JXE070
    return jnp.log(x)


print(safe_log(jnp.ones(3)))
