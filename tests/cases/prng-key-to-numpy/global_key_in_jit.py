import jax
import jax.numpy as jnp
import numpy as np

KEY = jax.random.key(3)


@jax.jit
def f(x):
    n = np.asanyarray(KEY).size  # expect: JXE132
    return x * n


print(f(jnp.ones(2)))
