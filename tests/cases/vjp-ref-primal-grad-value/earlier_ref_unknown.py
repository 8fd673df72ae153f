# case: static — the first entry comes from elsewhere and may raise first
import jax
import jax.numpy as jnp
from buffers import grad_buffer

x = jnp.ones(3)
state = jax.new_ref(jnp.ones(3))
out, f_vjp = jax.vjp(lambda x, s: jnp.sum(x * s[...]), x, state)
f_vjp.with_refs(grad_buffer(x), jax.ad.GradValue())(1.0)
