import jax
import jax.numpy as jnp


@jax.jit
def positions(x):
    n = int(x.shape[0])
    idx = jnp.arange(x.shape[0]) + jnp.arange(len(x))
    (nz,) = jnp.nonzero(x > 0, size=x.size, fill_value=-1)
    uniq = jnp.unique(x, size=n)
    grid = jnp.linspace(0.0, 1.0, x.ndim + 2)
    return idx * n, nz, uniq, grid, jnp.where(x > 0, x, 0.0), jnp.argwhere(x > 0, size=2)


print(positions(jnp.array([1.0, -2.0, 3.0])))
