import jax
import jax.numpy as jnp


def centre_value(rate, n_steps):
    u = jnp.sin(jnp.linspace(0.0, 3.0, 9))
    u = jax.lax.fori_loop(0, n_steps, lambda i, v: v * (1.0 - 0.01 * rate), u)
    return u[4]


primals = (0.8, 20)
tangents = (1.0, 0)  # the step count is an int: its tangent must be float0
print(jax.jvp(centre_value, primals, tangents))  # expect: JXE154
