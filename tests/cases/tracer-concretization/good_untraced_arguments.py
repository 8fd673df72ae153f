import jax
import jax.numpy as jnp


@jax.jit
def with_default(x, n=3):
    return x + jnp.arange(n).sum() + int(n)


def per_row(row, k):
    return row * jnp.arange(k).sum()


batched = jax.vmap(per_row, in_axes=(0, None))
print(with_default(jnp.ones(2)), batched(jnp.ones((2, 3)), 3))
