"""A gradient buffer written with the transposed shape of its parameter (JXE010).

`w` is (3, 2); its gradient ref was written by hand as (2, 3). JAX checks every ref against
the cotangent type of its primal when `with_refs` is called.
"""

import jax
import jax.numpy as jnp


def predict(w, b, x):
    return jnp.tanh(x @ w + b)


w = jnp.ones((3, 2))
b = jnp.zeros(2)
x = jnp.ones((5, 3))
y, f_vjp = jax.vjp(predict, w, b, x)
b_grad = jax.new_ref(jnp.zeros_like(b))
f_vjp.with_refs(jax.new_ref(jnp.zeros((2, 3))), b_grad, jax.ad.DontWant())(jnp.ones_like(y))  # expect: JXE010
print(b_grad[...])
