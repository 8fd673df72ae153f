import jax


@jax.grad
def slope(x):
    return x * x * 0.5


print(slope(4))  # expect: JXE090
