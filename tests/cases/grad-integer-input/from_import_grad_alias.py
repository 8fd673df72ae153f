from jax import grad as G


def cube(x):
    return x ** 3


print(G(cube)(-2))  # expect: JXE090
