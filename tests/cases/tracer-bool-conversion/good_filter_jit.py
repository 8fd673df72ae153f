import equinox as eqx
import jax.numpy as jnp


@eqx.filter_jit
def forward(x, training, scale):
    if training:  # (a Python bool: equinox keeps it static)
        x = x * 0.5
    if scale > 1:  # (a Python int: static too)
        x = x * scale
    return jnp.tanh(x)


print(forward(jnp.ones(3), True, 2))
print(forward(jnp.ones(3), False, 1))
