import math

import flax.linen as nn
import jax
import jax.numpy as jnp


def hadamard_init(key, shape, dtype=jnp.float32):
    levels = jnp.log2(shape[0])
    h = jnp.ones((1, 1), dtype)
    for _ in jnp.arange(levels):
        h = jnp.block([[h, h], [h, -h]])
    return h / jnp.sqrt(shape[0])


def static_hadamard_init(key, shape, dtype=jnp.float32):
    h = jnp.ones((1, 1), dtype)
    for _ in range(int(math.log2(shape[0]))):
        h = jnp.block([[h, h], [h, -h]])
    return h / math.sqrt(shape[0])


class Hadamard(nn.Module):
    size: int

    @nn.compact
    def __call__(self, x):
        kernel = self.param("kernel", hadamard_init, (self.size,))
        return x @ kernel


class StaticHadamard(nn.Module):
    size: int

    @nn.compact
    def __call__(self, x):
        return x @ self.param("kernel", static_hadamard_init, (self.size,))


x = jnp.ones((2, 8))
model = Hadamard(8)
variables = model.init(jax.random.key(0), x)  # (eager: `jnp.log2(8)` is a concrete array)
print(variables["params"]["kernel"].shape)
static = StaticHadamard(8)
static_variables = jax.jit(static.init)(jax.random.key(1), x)
print(jax.jit(static.apply)(static_variables, x).shape)
