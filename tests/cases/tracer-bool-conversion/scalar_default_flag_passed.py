import jax
import jax.numpy as jnp


def apply(x, train=False):
    if train:  # expect: JXE070
        x = x * 0.9
    return jnp.tanh(x)


apply_fast = jax.jit(apply)
print(apply_fast(jnp.ones(3)))
print(apply_fast(jnp.ones(3), train=True))
