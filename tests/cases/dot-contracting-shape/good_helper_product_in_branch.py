import jax.numpy as jnp


def apply(x, w, transpose):
    if transpose:
        return x @ w.T
    return x @ w


print(apply(jnp.ones((5, 4)), jnp.ones((3, 4)), True).shape)
print(apply(jnp.ones((5, 4)), jnp.ones((4, 3)), False).shape)
