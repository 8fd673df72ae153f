from jax import lax


def activation(x):
    return x


print(lax.while_loop(lambda c: False, lambda c: c, activation))  # expect: JXE142
