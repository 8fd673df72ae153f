import jax

jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp  # noqa: E402
from jax import lax  # noqa: E402

x = jnp.ones(3)
print(lax.add(x, 1.0))
