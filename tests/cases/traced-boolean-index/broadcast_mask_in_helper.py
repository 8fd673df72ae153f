import jax
import jax.numpy as jnp


def mask_padding(scores, lengths):
    positions = jnp.arange(scores.shape[-1])[None, :]
    padded = jnp.broadcast_to(positions >= lengths[:, None], scores.shape)
    return scores.at[padded].set(-1e9)  # expect: JXE075


@jax.jit
def attend(scores, lengths):
    return jax.nn.softmax(mask_padding(scores, lengths), axis=-1)


print(attend(jnp.ones((2, 5)), jnp.array([3, 5])))
