"""`None` used as "no gradient wanted" for the data argument (JXE001).

`None` is an empty pytree, not a placeholder: JAX sees a leaf among the primals and a
NoneType among the refs.
"""

import jax
import jax.numpy as jnp

params = {"w": jnp.full((4, 4), 0.1), "b": jnp.zeros(4)}
batch = jnp.arange(16.0).reshape(4, 4)


def loss(params, batch):
    h = jax.nn.relu(batch @ params["w"] + params["b"])
    return jnp.sum(h ** 2)


grads = jax.tree.map(lambda p: jax.new_ref(jnp.zeros_like(p)), params)
for step in range(3):
    value, f_vjp = jax.vjp(loss, params, batch)
    f_vjp.with_refs(grads, None)(jnp.ones_like(value))  # expect: JXE001
print(jax.tree.map(lambda r: r[...], grads))
