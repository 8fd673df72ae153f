import jax
import jax.numpy as jnp


def forward(layers, x):
    for i, w in enumerate(layers):
        x = jnp.tanh(x @ w)
        if jnp.abs(x).max() > 10.0:  # expect: JXE070
            print("layer", i, "blew up")
    return x


layers = [jnp.eye(3), 2.0 * jnp.eye(3)]
print(jax.jit(forward)(layers, jnp.ones(3)))
