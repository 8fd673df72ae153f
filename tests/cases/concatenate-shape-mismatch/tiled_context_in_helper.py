import jax
import jax.numpy as jnp

SIDE, FEATURES = 3, 4
weights = jax.random.normal(jax.random.PRNGKey(0), (FEATURES, 8))


def decode(noise, context):
    hidden = jnp.tanh(context @ weights)
    return jnp.concatenate([hidden, noise], axis=-1)  # expect: JXE105


def draw(key, context, count):
    noise = jax.random.normal(key, (count, SIDE))
    return decode(noise, context)


observed = jnp.array([0.2, -0.4, 1.0, 0.7])
context = jnp.tile(observed, (50, 1))  # one row per observation, not per draw
print(draw(jax.random.PRNGKey(1), context, 200).shape)
