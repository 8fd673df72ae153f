import jax
import jax.numpy as jnp

w = jax.new_ref(jnp.ones(3))
w = w[...]
out, f_vjp = jax.vjp(lambda a: jnp.sum(a * 2.0), w)
print(f_vjp.with_refs(jax.ad.GradValue())(1.0))
