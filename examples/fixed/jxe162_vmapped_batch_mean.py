import jax
import jax.numpy as jnp


def normalise(spectrum):
    baseline = jnp.mean(spectrum, axis=-1)  # one spectrum's own axis, counted from the end
    return spectrum - baseline


spectra = jnp.linspace(0.0, 1.0, 40).reshape(5, 8)
print(jax.vmap(normalise)(spectra))
