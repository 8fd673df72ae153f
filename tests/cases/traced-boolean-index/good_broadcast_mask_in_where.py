import jax
import jax.numpy as jnp


def mask_padding(scores, lengths):
    positions = jnp.arange(scores.shape[-1])[None, :]
    padded = jnp.broadcast_to(positions >= lengths[:, None], scores.shape)
    return jnp.where(padded, -1e9, scores)


def first_rows(scores):
    keep = jnp.broadcast_to(jnp.arange(scores.shape[0])[:, None] < 1, scores.shape)
    return scores[keep]


@jax.jit
def attend(scores, lengths):
    return jax.nn.softmax(mask_padding(scores, lengths), axis=-1)


print(attend(jnp.ones((2, 5)), jnp.array([3, 5])), first_rows(jnp.ones((2, 5))))
