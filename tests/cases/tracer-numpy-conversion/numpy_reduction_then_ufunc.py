import jax
import numpy as np

GRID = np.array([[0.0, 1.0], [2.0, 4.0], [3.0, 9.0]])


def spread(scale):
    points = GRID * scale
    centred = points - np.mean(points, axis=0)
    return np.sqrt(np.sum(centred ** 2))  # expect: JXE074


@jax.jit
def objective(scale):
    return (spread(scale) - 5.0) ** 2


print(objective(1.0))
