import jax
from jax import lax


def halve_until_small(x):
    return lax.while_loop(lambda c: c > 1.0, lambda c: c / 2.0, x)


print(jax.jacfwd(halve_until_small)(10.0))  # forward mode differentiates while loops
print(jax.jvp(halve_until_small, (10.0,), (1.0,)))
