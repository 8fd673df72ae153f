import jax.numpy as jnp


def project(x, w):
    # The helper raises its own error before the product when the shapes disagree.
    if x.shape[-1] != w.shape[0]:
        raise ValueError(f"cannot project {x.shape} with {w.shape}")
    return x @ w


try:
    project(jnp.ones((5, 4)), jnp.ones((3, 4)))
except ValueError as error:
    print("refused:", error)
print(project(jnp.ones((5, 4)), jnp.ones((4, 3))).shape)
