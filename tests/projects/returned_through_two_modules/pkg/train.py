from . import utils


def run():
    w = utils.make_buffer()
    w[1] += 2.0  # expect: JXE080
    return w
