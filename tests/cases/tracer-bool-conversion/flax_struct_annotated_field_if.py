import flax.struct
import jax
import jax.numpy as jnp


@flax.struct.dataclass
class Config:
    threshold: jax.Array
    scale: float = flax.struct.field(pytree_node=False, default=2.0)


@jax.jit
def apply(config: Config, x):
    if config.threshold > 0:  # expect: JXE070
        return x * config.scale
    return x


print(apply(Config(jnp.float32(1.0)), jnp.ones(3)))
