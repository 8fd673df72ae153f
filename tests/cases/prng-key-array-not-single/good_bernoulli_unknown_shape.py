import jax.random as jr


def mask(key, shape):
    return jr.bernoulli(jr.split(key), 0.5, shape)


try:
    print(mask(jr.key(1), "not a shape"))
except TypeError as error:
    print("shape refused first:", error)
