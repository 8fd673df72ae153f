import jax
import jax.numpy as jnp


class Sim:
    def __init__(self, dt):
        self.dt = dt
        self.run = jax.jit(self._run)

    def _run(self, y, steps):
        for _ in range(steps):  # expect: JXE073
            y = y * (1 - self.dt)
        return y


sim = Sim(0.1)
print(sim.run(jnp.ones(2), 10))
