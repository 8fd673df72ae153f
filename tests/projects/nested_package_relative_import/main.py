import jax.numpy as jnp

from pkg.train.loop import report

print(report(jnp.arange(4.0) - 1.0))
