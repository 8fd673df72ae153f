import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class Body:
    position: jax.Array
    velocity: jax.Array

    @jax.jit  # expect: JXE081
    def step(self, dt):
        velocity = self.velocity - 9.8 * dt
        return dataclasses.replace(self, position=self.position + velocity * dt, velocity=velocity)


body = Body(jnp.zeros(3), jnp.ones(3))
print(body.step(0.1).position)
