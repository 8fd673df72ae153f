"""The Ref's gradient goes into a gradient ref; the array's comes back as a value."""

import jax
import jax.numpy as jnp


def normalized_loss(x, stats):
    return jnp.sum((x - stats[...]) ** 2)


x = jnp.arange(4.0)
stats = jax.new_ref(jnp.full((4,), 1.5))
loss, f_vjp = jax.vjp(normalized_loss, x, stats)
stats_grad = jax.new_ref(jnp.zeros_like(stats))
x_ct, _ = f_vjp.with_refs(jax.ad.GradValue(), stats_grad)(1.0)
print(x_ct, stats_grad[...])
