import jax
import jax.numpy as jnp

BINS = 8


def load_events(key, count):
    energies = jax.random.uniform(key, (count,), maxval=10.0)
    return {"energy": energies, "scale": jnp.ones((count,))}


def histogram_row(event):
    index = jnp.floor(event["energy"]).astype(jnp.int32)
    return jax.nn.one_hot(index, BINS) * event["scale"]


def penalty(weights, events):
    rows = jax.vmap(histogram_row)(events)
    return jnp.sum((rows.mean(axis=0) - weights) ** 2)


events = load_events(jax.random.key(3), 32)
weights = jnp.full((BINS,), 1.0 / BINS)
print(jax.grad(penalty)(weights, events))
