# case: static — the gradient buffer comes from a module that is not installed
import jax
import jax.numpy as jnp
from buffers import make_grad_ref

x = jnp.ones(3)
out, f_vjp = jax.vjp(jnp.sum, x)
f_vjp.with_refs(make_grad_ref((4,)))(1.0)
