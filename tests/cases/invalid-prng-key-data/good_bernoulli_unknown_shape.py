import jax


def mask(shape):
    return jax.random.bernoulli(0, 0.5, shape)


try:
    mask("not a shape")
except TypeError as error:
    print("shape read first:", error)
