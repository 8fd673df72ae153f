from __future__ import annotations

import jax


def sample(key: jax.random.PRNGKeyArray, n: int) -> jax.numpy.DeviceArray:
    return jax.random.normal(key, (n,))


print(sample(jax.random.key(0), 3))
