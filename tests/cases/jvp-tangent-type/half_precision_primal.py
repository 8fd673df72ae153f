import jax
import jax.numpy as jnp


def activation(h):
    return jnp.tanh(h) * h


h = jnp.ones((2, 3), jnp.float16)
direction = jnp.ones((2, 3))
print(jax.jvp(activation, (h,), (direction,)))  # expect: JXE154
