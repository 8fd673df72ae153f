import jax
import jax.numpy as jnp


def energy(phase):
    amplitude = jnp.exp(1j * phase)
    return jnp.sum(amplitude)


print(jax.grad(energy)(jnp.linspace(0.0, 1.0, 4)))  # expect: JXE136
