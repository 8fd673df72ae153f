import jax
from jax import lax


def repeat_square_root(x):
    return lax.fori_loop(0, 3, lambda i, c: c ** 0.5, x)  # Python-int bounds: a scan


print(jax.grad(repeat_square_root)(16.0))
print(jax.jit(jax.grad(repeat_square_root))(16.0))
