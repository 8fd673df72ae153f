import numpy as np

from pkg.buffers import decorated, host_copy, make_buffer, passthrough


def run():
    w = make_buffer(False)
    w[0] = 1.0
    v = passthrough(np.ones(2))
    v[1] = 0.0
    h = host_copy()
    h = np.array(h)
    h[2] = 5.0
    d = decorated()
    d[0] = 1.0
    return w, v, h, d
