import jax
import jax.numpy as jnp


def f(w_ref, x):
    return jnp.sum(w_ref[...] * x)


w = jax.new_ref(jnp.ones(3))
x = jnp.arange(3.0)
out, f_vjp = jax.vjp(f, w, x)
w_grad = jax.new_ref(jnp.zeros_like(w))
_, x_ct = f_vjp.with_refs(w_grad, jax.ad.GradValue())(1.0)
print(w_grad[...], x_ct)
