import jax
import jax.numpy as jnp


@jax.jit
def forward(layers, x):
    return jnp.tanh(x @ layers[0]) @ layers[1]  # expect: JXE103


# The second layer takes 5 inputs; the first gives 4 (a tuple: a list may change in between).
layers = (jnp.ones((3, 4)), jnp.ones((5, 2)))
print(forward(layers, jnp.ones((10, 3))))
