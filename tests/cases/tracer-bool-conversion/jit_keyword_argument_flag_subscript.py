import jax
import jax.numpy as jnp


@jax.jit
def forward(x, **flags):
    if flags["training"]:  # expect: JXE070
        x = x * 0.5
    return x.sum()


print(forward(jnp.ones(3), training=True))
