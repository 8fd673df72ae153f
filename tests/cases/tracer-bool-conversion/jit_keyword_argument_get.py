import jax
import jax.numpy as jnp


def forward(x, **flags):
    if flags.get("training"):  # expect: JXE070
        x = x * 0.5
    return x.sum()


print(jax.jit(forward)(jnp.ones(3), training=True))
