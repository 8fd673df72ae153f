import jax
import jax.numpy as jnp


def f(w):
    return jnp.sum(w * 2.0), w * 3.0


g, aux = jax.grad(f, has_aux=True)(jnp.ones(2))
print(g, aux)
