# case: static — equinox is not installed; filter_jit keeps non-array arguments static
import equinox as eqx
import jax.numpy as jnp


@eqx.filter_jit
def forward(x, training):
    if training:
        x = x * 0.5
    return jnp.tanh(x)


print(forward(jnp.ones(3), True))
