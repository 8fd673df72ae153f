import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.tree_util.register_dataclass, data_fields=["step"], meta_fields=["window"])
@dataclasses.dataclass(frozen=True)
class Smoothing:
    step: float = 0.2
    window: int = 5


def moving_average(x, window):
    kernel = jnp.ones((window,)) / window
    return jnp.convolve(x, kernel, mode="same")


@jax.jit
def smooth_all(trajs, settings):
    def one(traj):
        return traj + settings.step * (moving_average(traj, settings.window) - traj)
    return jax.vmap(one)(trajs)


print(smooth_all(jnp.ones((3, 20)), Smoothing()))
