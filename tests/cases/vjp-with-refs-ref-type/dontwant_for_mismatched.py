import jax
import jax.numpy as jnp

w = jnp.ones((3, 2))
out, f_vjp = jax.vjp(lambda w, s: jnp.sum(w) * s, w, 2.0)
f_vjp.with_refs(jax.ad.DontWant(), jax.new_ref(jnp.zeros(())))(1.0)
