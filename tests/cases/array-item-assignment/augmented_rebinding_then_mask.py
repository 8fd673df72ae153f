import jax.numpy as jnp


def normalize(x):
    x = jnp.asarray(x, dtype=jnp.float32)
    x /= x.sum()
    x[x < 0.1] = 0.0  # expect: JXE080
    return x


print(normalize([1.0, 2.0, 7.0]))
