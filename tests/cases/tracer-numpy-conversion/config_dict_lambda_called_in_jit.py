import numpy as np
import jax
import jax.numpy as jnp

options = {
    "steps": 3,
    "envelope": lambda s: np.exp(-s),  # expect: JXE074
}


def drive(weights, s):
    shape = options["envelope"](s)
    return shape * jnp.sum(weights)


@jax.jit
def energy(weights, s):
    return jnp.sum(drive(weights, s) ** 2)


print(energy(jnp.ones(options["steps"]), jnp.linspace(0.0, 1.0, 5)))
