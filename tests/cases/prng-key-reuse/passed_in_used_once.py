import jax
import jax.numpy as jnp

jax.config.update("jax_debug_key_reuse", True)


def dropout(key, x, rate):
    keep = jax.random.bernoulli(key, 1.0 - rate, x.shape)
    return jnp.where(keep, x / (1.0 - rate), 0.0)


def loss(params, x, key):
    return jnp.sum(dropout(key, x * params, 0.1))


print(loss(jnp.ones(3), jnp.ones(3), jax.random.key(0)))
