import jax
import jax.numpy as jnp


def rollout(x, steps):
    for _ in range(steps):
        x = x * 0.5
    return x


class Simulator:
    def __init__(self, steps):
        self.steps = steps

    def run(self, x):
        n = self.steps
        return jax.jit(rollout, static_argnums=1)(x, n)

    def scaled(self, x):
        return jax.jit(lambda x, s: x * s)(x, self.steps)


sim = Simulator(5)
print(sim.run(jnp.ones(3)), sim.scaled(jnp.ones(3)))
