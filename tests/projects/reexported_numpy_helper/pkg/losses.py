import numpy as np


def hinge(margin):
    return np.maximum(0.0, 1.0 - margin)  # expect: JXE074
