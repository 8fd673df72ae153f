import jax


@jax.jit
def resample(data, key):
    rows, _ = data.shape
    size_key, pick_key = jax.random.split(key)
    counts = jax.random.poisson(size_key, 2.0, (3,))
    picked = jax.random.randint(pick_key, (counts.sum(), 2), 0, rows)  # expect: JXE072
    return data[picked]


resample(jax.numpy.ones((6, 4)), jax.random.key(0))
