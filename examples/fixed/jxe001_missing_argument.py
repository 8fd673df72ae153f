"""One `with_refs` argument per positional primal: refs for theta, DontWant for the data."""

import jax
import jax.numpy as jnp

theta = (jnp.array(0.5), jnp.array([1.0, -1.0]))
data = jnp.array([[0.1, 0.2], [0.3, 0.4]])


def energy(theta, data):
    scale, shift = theta
    return jnp.sum(jnp.exp(scale * data) + shift)


theta_grad = jax.tree.map(lambda t: jax.new_ref(jnp.zeros_like(t)), theta)
e, vjp_fn = jax.vjp(energy, theta, data)
vjp_fn.with_refs(theta_grad, jax.ad.DontWant())(jnp.ones_like(e))
print([r[...] for r in theta_grad])
