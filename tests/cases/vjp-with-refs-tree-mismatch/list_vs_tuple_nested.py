import jax
import jax.numpy as jnp

w = jnp.ones(3)
b = jnp.zeros(3)
x = jnp.ones(3)
def ref():
    return jax.new_ref(jnp.zeros(3))

def loss2(p, x):
    return jnp.sum(p["a"][0] * p["a"][1] * x)
params = {"a": (w, b)}
out, f_vjp = jax.vjp(loss2, params, x)
f_vjp.with_refs({"a": [ref(), ref()]}, ref())(1.0)  # expect: JXE001
