import jax
import jax.numpy as jnp

w = jnp.ones((2, 3), jnp.bfloat16)
out, f_vjp = jax.vjp(lambda w: jnp.sum(w * w), w)
f_vjp.with_refs(jax.new_ref(jnp.zeros((2, 3))))(jnp.ones_like(out))  # expect: JXE010
