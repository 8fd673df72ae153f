import jax
import jax.numpy as jnp


def make_solver(rate, dt=0.1, num_steps=20):
    def solve(y0, scale=None):
        scale = scale or jnp.ones(())  # expect: JXE070

        def step(y, _):
            y = y + dt * rate * y * (1.0 - y)
            return y, y * scale
        return jax.lax.scan(step, y0, None, length=num_steps)

    return jax.jit(solve)


solve = make_solver(1.5)
final, path = solve(jnp.array(0.1))
final, path = solve(jnp.array(0.1), jnp.array(0.3))
print(final, path[-1])
