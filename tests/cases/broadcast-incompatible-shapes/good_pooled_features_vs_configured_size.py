import jax
import jax.numpy as jnp

SETTINGS = {"grid": 32, "channels": 2, "blend": 0.3}


def read_frame(key, side):
    return jax.random.uniform(key, (1, 3, side, side), minval=0.0, maxval=1.0)


def pool(frames):
    n, c, h, w = frames.shape
    blocks = frames.reshape(n, c, h // 4, 4, w // 4, 4).mean(axis=(3, 5))
    mixing = jnp.full((SETTINGS["channels"], c), 1.0 / c)
    return jnp.einsum("kc,nchw->nkhw", mixing, blocks)


def blended(frame, key, settings):
    features = pool(frame)
    side = settings["grid"] // 4
    background = jax.random.normal(key, (1, settings["channels"], side, side))
    return settings["blend"] * features + (1 - settings["blend"]) * background


first, second = jax.random.split(jax.random.key(7))
frame = read_frame(first, SETTINGS["grid"])
print(blended(frame, second, SETTINGS).shape)
