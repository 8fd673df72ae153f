import jax.numpy as jnp


def pad_to_batches(xs, n_cols, batch_size):
    remainder = xs.shape[0] % batch_size
    if remainder != 0:
        padding = jnp.zeros((batch_size - remainder, n_cols))
        xs = jnp.concatenate([xs, padding], axis=0)  # expect: JXE105
    return xs.reshape(-1, batch_size, xs.shape[1])


print(pad_to_batches(jnp.ones((1000, 3)), n_cols=2, batch_size=64).shape)
