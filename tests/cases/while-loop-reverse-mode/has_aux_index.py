import jax
from jax import lax


def loss(x):
    out = lax.while_loop(lambda c: c[0] < 3, lambda c: (c[0] + 1, c[1] * 3.0), (0, x))  # expect: JXE107
    return out[1], out[0]


print(jax.grad(loss, has_aux=True)(2.0))
