import jax


def mul(x, y):
    return x * y


out, f_vjp = jax.vjp(mul, 2.0, 3.0, saveable_args=(True, False))
print(f_vjp(1.0))  # Python floats are converted, never saved verbatim
