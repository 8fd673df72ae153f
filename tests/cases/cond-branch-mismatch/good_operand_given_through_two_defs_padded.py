import jax
import jax.numpy as jnp

CROP = {"depth": 3, "height": 64}


def maybe_crop(x, do_crop):
    depth, height = CROP["depth"], CROP["height"]
    cropped = lambda: jnp.zeros_like(x).at[:, :depth, :height].set(x[:, :depth, :height])
    return jax.lax.cond(do_crop, cropped, lambda: x)


def preprocess(clips, do_crop=True):
    clips = maybe_crop(clips, do_crop)
    return (clips - clips.mean()) / (clips.std() + 1e-6)


clips = jax.random.uniform(jax.random.PRNGKey(0), (2, 4, 70, 8))
print(preprocess(clips, do_crop=True).shape)
