import numpy as np

import jax


def to_host(keys):
    # Raw uint32 keys convert; typed keys are unwrapped first.
    if jax.dtypes.issubdtype(keys.dtype, jax.dtypes.prng_key):
        keys = jax.random.key_data(keys)
    return np.asarray(keys)


def host_copy(values):
    return np.asarray(values)


print(to_host(jax.random.split(jax.random.key(0), 3)).shape)
print(host_copy(jax.random.split(jax.random.PRNGKey(0), 3)).shape)

