import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)
x = jnp.ones(3, jnp.float64)
out, f_vjp = jax.vjp(jnp.sum, x)
x_grad = jax.new_ref(jnp.zeros(3, jnp.float64))
f_vjp.with_refs(x_grad)(1.0)
