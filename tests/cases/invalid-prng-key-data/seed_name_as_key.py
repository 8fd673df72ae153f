import jax.random as jr

SEED = 42


def init(shape):
    return jr.uniform(SEED, shape, minval=-0.1, maxval=0.1)  # expect: JXE130


print(init((2, 2)))
