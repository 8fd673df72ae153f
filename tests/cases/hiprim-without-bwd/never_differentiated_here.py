import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim


class Sin(HiPrim):
    """Defined here, used (and given its backward rule) by a subclass elsewhere."""

    def expand(self, x):
        return jnp.sin(x)

    def vjp_fwd(self, nzs_in, x):
        return jnp.sin(x), x


print(jax.__name__)
