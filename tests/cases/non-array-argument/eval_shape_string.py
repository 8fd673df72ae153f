import jax
import jax.numpy as jnp


def forward(x, mode):
    return x * 2 if mode == "double" else x


print(jax.eval_shape(forward, jnp.ones(3), "double"))  # expect: JXE081
