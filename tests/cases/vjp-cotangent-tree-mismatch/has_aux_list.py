import jax
import jax.numpy as jnp


def model(w):
    y = jnp.tanh(w)
    return (y, y * 2.0), {"norm": jnp.sum(w)}


def step(w):
    out, f_vjp, aux = jax.vjp(model, w, has_aux=True)
    (g,) = f_vjp([jnp.ones_like(w), jnp.ones_like(w)])  # expect: JXE021
    return g, aux


print(step(jnp.ones(2)))
