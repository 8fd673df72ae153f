import jax
import jax.numpy as jnp


class Integrator:
    def __init__(self, dt):
        self.dt = dt

    def clamp(self, velocity):
        while jnp.abs(velocity).max() > 10.0:  # expect: JXE070
            velocity = velocity / 2.0
        return velocity

    def advance(self, position, velocity):
        return position + self.dt * self.clamp(velocity)


sim = Integrator(0.1)
step = jax.jit(sim.advance)
print(step(jnp.zeros(2), jnp.array([30.0, 1.0])))
