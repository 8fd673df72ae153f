import jax
import numpy as np

RNG = jax.random.fold_in(jax.random.key(0), 7)


def checkpoint(step):
    return {"step": step, "rng": np.asarray(RNG)}  # expect: JXE132


print(checkpoint(3))
