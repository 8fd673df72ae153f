import jax
import jax.numpy as jnp


class Pendulum:
    def __init__(self):
        self.angle = jnp.array([0.5, -0.2])
        self.speed = jnp.zeros(2)

    def reset(self):
        self.speed = jnp.zeros(2)

    def energy(self):
        self.reset()
        return 0.5 * jnp.sum(self.speed ** 2) + jnp.sum(1.0 - jnp.cos(self.angle))

    def describe(self):
        return f"a pendulum with {self.speed.shape[0]} joints"

    def step(self, dt):
        speed = self.speed - dt * jnp.sin(self.angle)
        self.speed = speed
        return speed


pendulum = Pendulum()
step = jax.jit(pendulum.step)
step(0.01)
print(pendulum.describe())
print(pendulum.energy())
