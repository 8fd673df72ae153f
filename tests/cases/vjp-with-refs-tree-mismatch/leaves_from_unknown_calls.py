import jax
import jax.numpy as jnp

def loss(p, x):
    return jnp.sum(p["w"] * x + p["b"])

x = jnp.ones(3)
def ref():
    return jax.new_ref(jnp.zeros(3))

def init():
    return jnp.ones(3)
params = {"w": init(), "b": init()}
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs({"w": ref(), "b": ref()}, ref())(1.0)
