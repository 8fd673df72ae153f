"""A VJP function applied directly although a primal is a Ref (JXE012).

The weights live in a `jax.new_ref` buffer; `f_vjp(ct)` would return every gradient as a value,
which a Ref's gradient cannot be.
"""

import jax
import jax.numpy as jnp


def loss(w_ref, x):
    return jnp.sum(jnp.sin(x * w_ref[...]))


w_ref = jax.new_ref(jnp.ones(3))
x = jnp.linspace(0.0, 1.0, 3)
out, f_vjp = jax.vjp(loss, w_ref, x)
w_ct, x_ct = f_vjp(jnp.ones_like(out))  # expect: JXE012
