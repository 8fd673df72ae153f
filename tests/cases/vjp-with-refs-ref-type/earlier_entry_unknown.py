# case: static — the first ref comes from a parameter: it may raise first, with another message
import jax
import jax.numpy as jnp


def step(w_grad, x):
    w = jnp.ones(3)
    out, f_vjp = jax.vjp(lambda w, x: jnp.sum(w * x), w, x)
    f_vjp.with_refs(w_grad, jax.new_ref(jnp.zeros(4)))(1.0)
