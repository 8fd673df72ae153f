import jax
import numpy as np


def numpy_seed_from(rng):
    return int(rng[0])


rng = jax.random.PRNGKey(0)
data_rng, model_rng = jax.random.split(rng)
np_rng = np.random.default_rng(numpy_seed_from(data_rng))
print(np_rng.integers(10), numpy_seed_from(model_rng))
