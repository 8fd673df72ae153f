import jax
import jax.numpy as jnp
from jax import ad

out, f_vjp = jax.vjp(lambda r: jnp.sum(r[...] ** 2), jax.new_ref(jnp.ones(2)))
grads = f_vjp.with_refs(ad.GradValue())(1.0)  # expect: JXE011
