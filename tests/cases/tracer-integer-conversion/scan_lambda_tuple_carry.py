import jax
import jax.numpy as jnp

gains = [1.0, 0.5, 0.25]
carry, _ = jax.lax.scan(lambda c, x: ((c[0] + 1, c[1] * gains[c[0]]), x), (0, 1.0), jnp.arange(3.0))  # expect: JXE073
print(carry)
