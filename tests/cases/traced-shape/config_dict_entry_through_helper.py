import jax
import jax.numpy as jnp
from jax import lax

settings = {"span": 4, "skip": 1}


@jax.jit
def band_power(trace, first, length):
    band = lax.dynamic_slice(trace, (first,), (length,))  # expect: JXE072
    return jnp.mean(band * band)


def summarise(traces, opts):
    return jnp.stack([band_power(t, opts["skip"], opts["span"]) for t in traces])


print(summarise(jnp.linspace(0.0, 1.0, 20).reshape(2, 10), settings))
