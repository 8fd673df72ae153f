import jax
import jax.numpy as jnp


def f(w):
    return w * 2.0, {"norm": jnp.sum(w)}


g, aux = jax.grad(f, has_aux=True)(jnp.ones(2))  # expect: JXE091
print(g, aux)
