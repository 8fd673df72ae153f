import jax
import jax.numpy as jnp

trace_log = {}


def step(x):
    trace_log["x"] = jnp.cos(x)  # expect: JXE077
    return x + 1.0


step = jax.jit(step)
step(jnp.ones(2))
print(trace_log["x"] * 2.0)
