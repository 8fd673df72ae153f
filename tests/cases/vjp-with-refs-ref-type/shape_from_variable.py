import jax
import jax.numpy as jnp

n = 3
x = jnp.ones(n)
out, f_vjp = jax.vjp(jnp.sum, x)
x_grad = jax.new_ref(jnp.zeros(n))
f_vjp.with_refs(x_grad)(1.0)
