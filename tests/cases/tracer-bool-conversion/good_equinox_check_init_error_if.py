import equinox as eqx
import jax
import jax.numpy as jnp


class Spring(eqx.Module):
    stiffness: jax.Array
    damping: jax.Array

    def __check_init__(self):
        eqx.error_if(self.stiffness, self.stiffness <= 0, "stiffness must be positive")

    def force(self, x, v):
        return -self.stiffness * x - self.damping * v


@jax.jit
def energy_loss(log_k, x, v):
    spring = Spring(stiffness=jnp.exp(log_k), damping=jnp.array(0.1))
    return jnp.sum(spring.force(x, v) * v)


print(energy_loss(jnp.array(0.5), jnp.ones(3), jnp.ones(3)))
