import jax
import jax.numpy as jnp


class Histogram:
    def __init__(self, edges, counts):
        if not jnp.all(jnp.diff(edges) > 0):  # expect: JXE070
            raise ValueError("edges must increase")
        self.edges = edges
        self.counts = counts


make = jax.jit(Histogram)
print(make(jnp.linspace(0.0, 1.0, 5), jnp.ones(4)))
