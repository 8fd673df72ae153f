import jax
import jax.numpy as jnp

SIDE, FEATURES = 3, 4
weights = jax.random.normal(jax.random.PRNGKey(0), (FEATURES, 8))


def decode(noise, context):
    hidden = jnp.tanh(context @ weights)
    return jnp.concatenate([hidden, noise], axis=-1)


def draw(key, context, count):
    noise = jax.random.normal(key, (count, SIDE))
    return decode(noise, context)


observed = jnp.array([0.2, -0.4, 1.0, 0.7])
count = 200
context = jnp.tile(observed, (count, 1))
print(draw(jax.random.PRNGKey(1), context, count).shape)
