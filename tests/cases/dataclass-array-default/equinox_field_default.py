import equinox as eqx
import jax
import jax.numpy as jnp


class Damper(eqx.Module):
    rate: float
    offsets: jax.Array = eqx.field(default=jnp.zeros(3))  # expect: JXE166


print(Damper(rate=0.5))
