"""A training flag passed to a jitted step as an ordinary argument (JXE070).

`dropout` is traced like the arrays, so `if dropout:` has no value to test.
"""

import jax
import jax.numpy as jnp


@jax.jit
def forward(w, x, dropout: bool):
    h = jnp.tanh(x @ w)
    if dropout:  # expect: JXE070
        h = h * 0.5
    return jnp.sum(h)


w = jnp.ones((3, 2))
x = jnp.ones((4, 3))
print(forward(w, x, True))
