import jax
from jax import lax


def frozen(x):
    out = lax.while_loop(lambda c: c > 1.0, lambda c: c / 2.0, x)
    return lax.stop_gradient(out) + x


print(jax.grad(frozen)(10.0))
