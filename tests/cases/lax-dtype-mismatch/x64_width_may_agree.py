import jax

jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp  # noqa: E402
from jax import lax  # noqa: E402

# Without x64 this would be float32 and float32; with it, float64 and float64: the code
# cannot tell one width from the other, so the checker does not compare them.
print(lax.add(jnp.ones(3), jnp.ones(3, dtype=jnp.float64)))
print(lax.add(jnp.arange(3), jnp.arange(3, dtype=jnp.int64)))
