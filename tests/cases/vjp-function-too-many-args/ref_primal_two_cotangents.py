import jax
import jax.numpy as jnp

w = jax.new_ref(jnp.ones(3))
out, f_vjp = jax.vjp(lambda r: jnp.sum(r[...]), w)
f_vjp(1.0, 2.0)  # expect: JXE020
