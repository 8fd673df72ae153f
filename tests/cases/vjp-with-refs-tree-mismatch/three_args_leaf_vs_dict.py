import jax
import jax.numpy as jnp

def loss3(a, b, c):
    return jnp.sum(a * b * c)

w = jnp.ones(3)
b = jnp.zeros(3)
x = jnp.ones(3)
def ref():
    return jax.new_ref(jnp.zeros(3))

out, f_vjp = jax.vjp(loss3, w, b, x)
f_vjp.with_refs(ref(), {"b": ref()}, ref())(1.0)  # expect: JXE001
