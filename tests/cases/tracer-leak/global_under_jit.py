import jax
import jax.numpy as jnp

last_hidden = None


@jax.jit
def layer(x):
    global last_hidden
    hidden = jnp.tanh(x)
    last_hidden = hidden  # expect: JXE077
    return hidden * 2.0


out = layer(jnp.ones(3))
print(last_hidden + 1.0)
