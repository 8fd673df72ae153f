import jax
import jax.numpy as jnp
import numpy as np


class Forecaster:
    def __init__(self, n_media, n_controls, seed=0):
        k_media, k_controls = jax.random.split(jax.random.key(seed))
        self.w_media = jax.random.uniform(k_media, (n_media,))
        self.w_controls = jax.random.uniform(k_controls, (n_controls,))

    def predict(self, media, controls):
        return media @ self.w_media + controls @ self.w_controls  # expect: JXE101


def standardize(x):
    return (x - x.mean(axis=0)) / np.maximum(x.std(axis=0), 1e-6)


rng = np.random.default_rng(0)
media = rng.gamma(2.0, size=(52, 3))
controls = rng.normal(size=(48, 2))
model = Forecaster(n_media=3, n_controls=2)
print(model.predict(jnp.asarray(standardize(media[40:])), jnp.asarray(standardize(controls[40:]))))
