import typing

import jax

class Out(typing.NamedTuple):
    in_cts: tuple
    logs: dict

@jax.custom_gradient(with_logs=True)
def square(x):
    return x ** 2, lambda g: Out((g * 2 * x,), {"g": g})

print(jax.grad(square)(3.0))
