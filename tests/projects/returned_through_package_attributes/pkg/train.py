import pkg


def run():
    w = pkg.sub.buffers.make_buffer()
    w[0] = 1.0  # expect: JXE080
    return w
