import jax.numpy as jnp
from jax import lax


def history(x0, xs):
    def body(feats, x):
        feats = jnp.concatenate([feats, x[None]])
        return feats, feats.sum()

    return lax.scan(body, x0, xs)  # expect: JXE096


print(history(jnp.zeros(1), jnp.arange(3.0)))
