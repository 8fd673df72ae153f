import jax
import jax.numpy as jnp

x = jnp.full((3,), 2.0)
out, f_vjp = jax.vjp(jnp.sum, x)
f_vjp.with_refs(jax.new_ref(jnp.full((3,), 0, jnp.float16)))(1.0)  # expect: JXE010
