import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)
x = jnp.ones(3, jnp.float32)
out, f_vjp = jax.vjp(jnp.sum, x)
f_vjp.with_refs(jax.new_ref(jnp.zeros(4, jnp.float32)))(jnp.float32(1.0))  # expect: JXE010
