import jax
import jax.numpy as jnp


def scale(x, factor):
    return x * factor


factor = 2.0
factor = jnp.full(4, factor)
print(jax.vmap(scale)(jnp.ones((4, 3)), factor[:, None]))
for lr in [jnp.ones(4), jnp.zeros(4)]:
    print(jax.vmap(scale)(jnp.ones((4, 3)), lr[:, None]))
