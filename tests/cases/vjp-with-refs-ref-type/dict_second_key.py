import jax
import jax.numpy as jnp


def loss(params):
    return jnp.sum(params["w"]) + jnp.sum(params["b"])


params = {"w": jnp.ones((3, 2)), "b": jnp.zeros(2)}
out, f_vjp = jax.vjp(loss, params)
grads = {"w": jax.new_ref(jnp.zeros((3,))), "b": jax.new_ref(jnp.zeros(2))}
f_vjp.with_refs(grads)(1.0)  # expect: JXE010
