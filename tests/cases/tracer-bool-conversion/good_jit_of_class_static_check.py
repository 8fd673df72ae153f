import jax
import jax.numpy as jnp


class Histogram:
    def __init__(self, edges, counts, check=True):
        if check and not jnp.all(jnp.diff(edges) > 0):
            raise ValueError("edges must increase")
        self.edges = edges
        self.counts = counts


make = jax.jit(Histogram, static_argnames=["check"])
try:
    print(make(jnp.linspace(0.0, 1.0, 5), jnp.ones(4), check=False))
except TypeError as error:  # the instance is no pytree: jit cannot return it
    print("not a pytree:", type(error).__name__)
