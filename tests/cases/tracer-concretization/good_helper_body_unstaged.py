import math

import jax
import jax.numpy as jnp


def hadamard(n):
    levels = jnp.log2(n)
    h = jnp.ones((1, 1))
    for _ in jnp.arange(levels):
        h = jnp.block([[h, h], [h, -h]])
    return h / jnp.sqrt(n)


def hadamard_static(n):
    h = jnp.ones((1, 1))
    for _ in range(int(math.log2(n))):
        h = jnp.block([[h, h], [h, -h]])
    return h / math.sqrt(n)


@jax.jit
def transform(x):
    return hadamard_static(x.shape[0]) @ x


def mix(row):
    return hadamard(4) @ row  # (under vmap alone `jnp.log2(4)` is a concrete array)


print(transform(jnp.ones((8, 3))))
print(jax.vmap(mix)(jnp.ones((2, 4))))
print(hadamard(2))
