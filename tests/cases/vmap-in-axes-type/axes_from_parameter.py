# case: static — in_axes comes from a parameter: its type is not shown
import jax


def batched(f, axes):
    return jax.vmap(f, in_axes=axes)
