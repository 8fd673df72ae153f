import jax
import jax.numpy as jnp


def run():
    hidden = None

    @jax.checkpoint
    def block(x):
        nonlocal hidden
        h = jnp.tanh(x)
        hidden = h  # expect: JXE077
        return h * 2.0

    block(jnp.ones(3))
    return hidden.sum()


run()
