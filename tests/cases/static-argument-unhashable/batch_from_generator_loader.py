import functools

import jax
import jax.numpy as jnp
import numpy as np


@functools.partial(jax.jit, static_argnums=(1,))
def step(weights, batch):
    inputs, targets = batch
    return weights - 0.1 * jnp.mean((inputs @ weights - targets)[:, None] * inputs, axis=0)


def batches(rng, count=64, size=16):
    inputs = rng.normal(size=(count, 3)).astype(np.float32)
    targets = inputs.sum(1)
    for start in range(0, count, size):
        yield inputs[start:start + size], targets[start:start + size]


weights = jnp.zeros(3)
for batch in batches(np.random.default_rng(0)):
    weights = step(weights, batch)  # expect: JXE082
print(weights)
