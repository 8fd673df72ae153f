import jax
import jax.numpy as jnp

w = jnp.ones(3)
b = jnp.zeros(3)
x = jnp.ones(3)
def ref():
    return jax.new_ref(jnp.zeros(3))

params = [w, b]
def loss_list(p, x):
    return jnp.sum(p[0] * x + p[1])
out, f_vjp = jax.vjp(loss_list, params, x)
f_vjp.with_refs([jax.new_ref(jnp.zeros_like(p)) for p in params], ref())(1.0)
