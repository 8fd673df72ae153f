import jax
import jax.numpy as jnp


def f(w_ref, x):
    return jnp.sum(w_ref[...] * x)


w = jax.new_ref(jnp.ones(3))
x = jnp.arange(3.0)
out, f_vjp = jax.vjp(f, w, x)
f_vjp.with_refs(jax.ad.GradValue(), jax.ad.GradValue())(1.0)  # expect: JXE011
