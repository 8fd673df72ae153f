import jax
import jax.numpy as jnp


def loss(weights, inputs):
    return jnp.mean(jnp.tanh(inputs @ weights))


value, pullback = jax.vjp(lambda w: loss(w, jnp.ones((3, 4))), jnp.ones((4, 2)))
(grads,) = pullback(1.0)
print(grads.shape)
