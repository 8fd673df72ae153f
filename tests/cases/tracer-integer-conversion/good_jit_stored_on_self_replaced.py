# case: static — the attribute is stored twice: which function a call runs is not shown
import jax
import jax.numpy as jnp


class Sim:
    def __init__(self, dt):
        self.dt = dt
        self.run = jax.jit(self._run)

    def _run(self, y, steps):
        for _ in range(steps):
            y = y * (1 - self.dt)
        return y

    def eager(self):
        self.run = self._run


sim = Sim(0.1)
sim.eager()
print(sim.run(jnp.ones(2), 10))
