import jax
import jax.numpy as jnp

DECAY = 0.9


def relax(i, state):
    key, sub = jax.random.split(state["rng"])
    noise = jax.random.normal(sub, state["x"].shape)
    x = state["x"] * DECAY + 0.01 * noise
    return {"rng": key, "x": x, "temp": state["temp"] * DECAY}


start = {"rng": jax.random.key(0), "x": jnp.ones(4), "temp": jnp.array(1.0)}
print(jax.lax.fori_loop(0, 10, relax, start))
