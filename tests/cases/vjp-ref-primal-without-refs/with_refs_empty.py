import jax
import jax.numpy as jnp


def f(w_ref):
    return jnp.sum(w_ref[...] ** 2)


w = jax.new_ref(jnp.ones(2))
out, f_vjp = jax.vjp(f, w)
f_vjp.with_refs()(1.0)  # expect: JXE012
