import jax


@jax.jit
def resample(data, key):
    rows, _ = data.shape
    size_key, pick_key = jax.random.split(key)
    weights = jax.random.poisson(size_key, 2.0, (rows,))
    picked = jax.random.randint(pick_key, (rows, 2), 0, rows)
    return data[picked] * weights[:, None, None]


resample(jax.numpy.ones((6, 4)), jax.random.key(0))
