"""has_aux=True on a loss that returns the loss alone (JXE023).

The metrics were removed from the loss function, but not the option at the call.
"""

import jax
import jax.numpy as jnp


def cross_entropy(logits, labels):
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.sum(labels * logp, axis=-1))


logits = jnp.zeros((4, 3))
labels = jax.nn.one_hot(jnp.array([0, 1, 2, 0]), 3)
grad_fn = jax.value_and_grad(cross_entropy, has_aux=True)  # expect: JXE023
print(grad_fn(logits, labels))
