# case: static — the primals are passed as `*args`: the checker does not follow them
import jax
import jax.numpy as jnp

def loss(p, x):
    return jnp.sum(p["w"] * x + p["b"])

w = jnp.ones(3)
b = jnp.zeros(3)
x = jnp.ones(3)
def ref():
    return jax.new_ref(jnp.zeros(3))

args = ({"w": w, "b": b}, x)
out, f_vjp = jax.vjp(loss, *args)
f_vjp.with_refs((ref(), ref()), ref())
