import numpy as np


def make_buffer():
    return np.zeros(3)
