import jax
import jax.numpy as jnp


@jax.jit
def forward(x, training: bool):
    if training:  # expect: JXE070
        x = x * 0.5
    return jnp.tanh(x)


print(forward(jnp.ones(3), True))
