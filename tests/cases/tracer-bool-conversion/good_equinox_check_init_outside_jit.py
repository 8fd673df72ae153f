import equinox as eqx
import jax
import jax.numpy as jnp


class Spring(eqx.Module):
    stiffness: jax.Array
    damping: jax.Array

    def __check_init__(self):
        if self.stiffness <= 0:
            raise ValueError("stiffness must be positive")

    def force(self, x, v):
        return -self.stiffness * x - self.damping * v


@jax.jit
def energy_loss(spring, x, v):
    return jnp.sum(spring.force(x, v) * v)


spring = Spring(stiffness=jnp.exp(jnp.array(0.5)), damping=jnp.array(0.1))
print(energy_loss(spring, jnp.ones(3), jnp.ones(3)))
