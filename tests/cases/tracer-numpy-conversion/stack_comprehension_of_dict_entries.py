import jax
import jax.numpy as jnp
import numpy as np

PARAMETER_NAMES = ("omega", "gamma", "amplitude")


@jax.jit
def spectrum(theta, frequencies):
    params = {"omega": theta[0], "gamma": jnp.exp(theta[1]), "amplitude": theta[2] ** 2}
    vector = np.stack([params[name] for name in PARAMETER_NAMES])  # expect: JXE074
    return vector[2] / ((frequencies - vector[0]) ** 2 + vector[1] ** 2)


print(spectrum(jnp.array([1.0, -1.0, 0.5]), jnp.linspace(0.0, 2.0, 5)))
