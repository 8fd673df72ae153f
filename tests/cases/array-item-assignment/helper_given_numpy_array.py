import numpy as np


def reset(buffer, index):
    buffer[index] = 0.0
    return buffer


state = np.ones(5)
state = reset(state, 2)
print(state)
