import jax
import jax.numpy as jnp


def f(x, n):
    return jnp.sum(x) * n


out, f_vjp = jax.vjp(f, jnp.ones(2), 3)
f_vjp.with_refs(jax.ad.GradValue(), jax.new_ref(jnp.zeros(2)))(1.0)  # expect: JXE010
