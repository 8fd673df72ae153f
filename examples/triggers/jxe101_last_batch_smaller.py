"""Predictions of a full batch against labels of a smaller last batch (JXE101)."""

import jax.numpy as jnp

preds = jnp.zeros((32, 10))
labels = jnp.ones((31, 10))
print(jnp.mean((preds - labels) ** 2))  # expect: JXE101
