import jax
import jax.numpy as jnp

out, f_vjp = jax.vjp(lambda a: a * 2.0, 3.0)
a_grad = jax.new_ref(jnp.zeros(()))
f_vjp.with_refs(a_grad)(1.0)
print(a_grad[...])
