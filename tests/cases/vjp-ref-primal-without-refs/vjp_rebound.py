import jax
import jax.numpy as jnp

w = jax.new_ref(jnp.ones(3))
out, f_vjp = jax.vjp(lambda r: jnp.sum(r[...]), w)
out, f_vjp = jax.vjp(lambda a: jnp.sum(a), jnp.ones(3))
print(f_vjp(1.0))
