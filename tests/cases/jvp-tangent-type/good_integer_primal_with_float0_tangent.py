import jax
import jax.numpy as jnp
import numpy as np


def centre_value(rate, n_steps):
    u = jnp.sin(jnp.linspace(0.0, 3.0, 9))
    u = jax.lax.fori_loop(0, n_steps, lambda i, v: v * (1.0 - 0.01 * rate), u)
    return u[4]


primals = (0.8, 20)
tangents = (1.0, np.zeros((), dtype=jax.dtypes.float0))
print(jax.jvp(centre_value, primals, tangents))
print(jax.jvp(lambda r: centre_value(r, 20), (0.8,), (1.0,)))
