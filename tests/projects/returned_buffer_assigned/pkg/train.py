from pkg import make_buffer


def run():
    w = make_buffer()
    w[0] = 1.0  # expect: JXE080
    return w
