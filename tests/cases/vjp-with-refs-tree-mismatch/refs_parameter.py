# case: static — the refs are a parameter of `backward`: their structure is unknown
import jax
import jax.numpy as jnp

def loss(p, x):
    return jnp.sum(p["w"] * x + p["b"])

x = jnp.ones(3)
def ref():
    return jax.new_ref(jnp.zeros(3))

def backward(refs, params):
    out, f_vjp = jax.vjp(loss, params, x)
    return f_vjp.with_refs(refs, ref())(1.0)
