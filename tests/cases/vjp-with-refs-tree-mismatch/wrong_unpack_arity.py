# case: static — three names unpack two results: Python raises before `with_refs`
import jax
import jax.numpy as jnp

def loss(p, x):
    return jnp.sum(p["w"] * x + p["b"])

w = jnp.ones(3)
b = jnp.zeros(3)
x = jnp.ones(3)
def ref():
    return jax.new_ref(jnp.zeros(3))

params = {"w": w, "b": b}
out, f_vjp, aux = jax.vjp(loss, params, x)
f_vjp.with_refs((ref(), ref()), ref())
