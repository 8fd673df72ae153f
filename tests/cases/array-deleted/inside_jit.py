import jax
import jax.numpy as jnp

inner = jax.jit(lambda p: p * 3.0, donate_argnums=0)


@jax.jit
def outer(x):
    y = inner(x)
    return x + y


print(outer(jnp.ones(3)))
