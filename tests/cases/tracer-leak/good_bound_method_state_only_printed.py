import jax
import jax.numpy as jnp


class Pendulum:
    def __init__(self):
        self.state = jnp.array([0.3, -0.2, 0.0, 0.0])

    def step(self, torque):
        q, dq = self.state[:2], self.state[2:]
        dq = dq + 0.01 * (torque - jnp.sin(q))
        self.state = jnp.concatenate([q + 0.01 * dq, dq])
        return self.state


sim = Pendulum()
sim.step = jax.jit(sim.step)
for t in range(3):
    last = sim.step(jnp.zeros(2))
print("final state", sim.state)  # the tracer's repr: nothing is computed with it
print("returned", last[:2])
