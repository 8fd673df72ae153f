import jax

x0 = 2


def square(x):
    return x * x


value, slope = jax.value_and_grad(square)(x0)  # expect: JXE090
print(value, slope)
