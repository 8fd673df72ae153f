import jax
import jax.numpy as jnp


class Pendulum:
    def __init__(self):
        self.state = jnp.array([0.3, -0.2, 0.0, 0.0])

    def step(self, torque):
        q, dq = self.state[:2], self.state[2:]
        dq = dq + 0.01 * (torque - jnp.sin(q))
        self.state = jnp.concatenate([q + 0.01 * dq, dq])  # expect: JXE077
        return self.state

    def energy(self):
        q, dq = self.state[:2], self.state[2:]
        return 0.5 * jnp.sum(dq ** 2) + jnp.sum(1.0 - jnp.cos(q))


sim = Pendulum()
sim.step = jax.jit(sim.step)
for t in range(3):
    sim.step(jnp.zeros(2))
print("final state", sim.state)
print("energy", sim.energy())
