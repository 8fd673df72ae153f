import jax
import jax.numpy as jnp

def loss(p, x):
    return jnp.sum(p["w"] * x + p["b"])

x = jnp.ones(3)
def ref():
    return jax.new_ref(jnp.zeros(3))

def init_params(scale):
    return {"w": jnp.ones(3) * scale, "b": jnp.zeros(3)}
params = init_params(2.0)
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs((ref(), ref()), ref())(1.0)  # expect: JXE001
