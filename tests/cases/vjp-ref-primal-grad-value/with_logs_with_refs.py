import jax
import jax.numpy as jnp


def f(w_ref):
    return jnp.sum(jnp.sin(w_ref[...]))


w = jax.new_ref(jnp.ones(3))
out, f_vjp = jax.vjp(f, w)
grads, logs = f_vjp.with_logs.with_refs(
    jax.ad.GradValue(),  # expect: JXE011
)(1.0)
