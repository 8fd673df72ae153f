import jax
import jax.numpy as jnp


def loss(params, x):
    return jnp.sum(x @ params["w"] + params["b"])


params = {"w": jnp.ones((3, 2)), "b": jnp.zeros(2)}
x = jnp.ones((4, 3))
out, f_vjp = jax.vjp(loss, params, x)
grads = jax.tree.map(lambda p: jax.new_ref(jnp.zeros_like(p)), params)
f_vjp.with_refs(grads, jax.new_ref(jnp.zeros((4, 3))))(1.0)
