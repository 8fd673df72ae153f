import jax
import jax.numpy as jnp


def rollout(x, steps):
    for _ in range(steps):  # expect: JXE073
        x = x * 0.5
    return x


class Simulator:
    def __init__(self, steps):
        self.steps = steps

    def run(self, x):
        n = self.steps
        return jax.jit(rollout)(x, n)


print(Simulator(5).run(jnp.ones(3)))
