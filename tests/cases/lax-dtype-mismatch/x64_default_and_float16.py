import jax

jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp  # noqa: E402
from jax import lax  # noqa: E402

# float64 with x64 (float32 without): float16 differs either way.
print(lax.add(jnp.ones(3), jnp.ones(3, jnp.float16)))  # expect: JXE098
