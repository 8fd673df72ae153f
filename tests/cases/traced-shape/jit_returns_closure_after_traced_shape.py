import jax
import jax.numpy as jnp


@jax.jit
def features(n):
    # JAX raises here, before it looks at what the function returns (no JXE142).
    weights = jnp.ones((n, 3))  # expect: JXE072
    return lambda x: weights @ x


features(5)
