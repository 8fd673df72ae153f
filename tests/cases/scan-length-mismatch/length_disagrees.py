from jax import lax
import jax.numpy as jnp

xs = jnp.zeros((5, 3))
carry, ys = lax.scan(lambda c, x: (c + x.sum(), x), 0.0, xs, length=10)  # expect: JXE122
print(carry, ys)
