import jax
import jax.numpy as jnp

activations = []


def unit(x):
    y = jnp.tanh(x)
    activations.append(y)  # expect: JXE077
    return y * 2.0


ys = jax.vmap(unit)(jnp.arange(4.0))
print(activations[0] * 2.0)
