import jax
import jax.numpy as jnp


def standardise(readings):
    return readings - jnp.mean(readings, axis=1, keepdims=True)


def reduce(values, axis):
    return values.sum(axis)


batch = jnp.linspace(0.0, 1.0, 24).reshape(4, 6)
print(jax.jit(standardise)(batch), reduce(jnp.ones(3), 0))
vector = jnp.ones(3)
vector = jnp.ones((2, 3))
print(jnp.max(vector, axis=1))
