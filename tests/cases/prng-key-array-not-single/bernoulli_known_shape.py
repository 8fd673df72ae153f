import jax.random as jr


def dropout_mask(key, shape):
    keys = jr.split(key, len(shape))
    return jr.bernoulli(keys, 0.5, (4, 4))  # expect: JXE128


print(dropout_mask(jr.key(1), (4, 4)))
