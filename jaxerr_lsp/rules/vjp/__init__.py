"""Rules: VJP functions from `jax.vjp`/`jax.grad`: their arguments, cotangents, residuals, logs."""
