import jax
import jax.numpy as jnp


class Pendulum:
    def __init__(self):
        self.angle = jnp.array([0.5, -0.2])
        self.speed = jnp.zeros(2)
        self.step = jax.jit(self.step)

    def energy(self):
        return 0.5 * jnp.sum(self.speed ** 2) + jnp.sum(1.0 - jnp.cos(self.angle))

    def step(self):
        return self.speed - 0.01 * jnp.sin(self.angle)


pendulum = Pendulum()
pendulum.speed = pendulum.step()
print(pendulum.energy())
