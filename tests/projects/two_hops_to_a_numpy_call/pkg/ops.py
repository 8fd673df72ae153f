import numpy as np


def softplus(z):
    return np.log1p(np.exp(z))  # expect: JXE074
