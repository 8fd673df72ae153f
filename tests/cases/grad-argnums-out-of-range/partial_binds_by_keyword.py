from functools import partial

import jax


def energy(q, p):
    return 0.5 * q**2 + 0.5 * p**2


force = jax.grad(energy, argnums=0)
force_at_origin = jax.jit(partial(force, q=0.0))
print(force_at_origin(p=1.0))  # expect: JXE024
