import jax
import jax.numpy as jnp


class Pendulum:
    def __init__(self):
        self.angle = jnp.array([0.5, -0.2])
        self.speed = jnp.zeros(2)

    def energy(self):
        return 0.5 * jnp.sum(self.speed ** 2) + jnp.sum(1.0 - jnp.cos(self.angle))

    def step(self):
        speed = self.speed - 0.01 * jnp.sin(self.angle)
        self.speed = speed
        return speed


traced = Pendulum()
traced.step = jax.jit(traced.step)
traced.step()
plain = Pendulum()
plain.step()
print(plain.energy())
