import numpy as np


def make_buffer():
    return np.zeros(3)


def make_list():
    return [0.0, 0.0, 0.0]
