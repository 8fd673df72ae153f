import jax
import jax.numpy as jnp


def step(state, batch):
    return state + batch["obs"].sum() + batch["reward"], None


batch = {"obs": jnp.zeros((8, 4)), "reward": jnp.zeros(7), "mask": None}
print(jax.lax.scan(step, 0.0, batch))  # expect: JXE122
