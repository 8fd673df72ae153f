from functools import partial

import jax


def energy(q, p):
    return 0.5 * q**2 + 0.5 * p**2


force = jax.grad(energy, argnums=0)
force_at_origin = jax.jit(partial(force, 0.0))  # q bound by position: argnums 0 is there
momentum_force = partial(jax.grad(energy, argnums=1), 2.0)
print(force_at_origin(1.0), force_at_origin(p=1.0), momentum_force(3.0))
