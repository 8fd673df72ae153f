import pkg
import pkg.sub.host


def run():
    h = pkg.sub.host.make_buffer()
    h[0] = 1.0
    try:
        w = pkg.sub.buffers.make_buffer()  # no module imports pkg.sub.buffers: AttributeError
    except AttributeError as error:
        w = str(error)
    else:
        w[0] = 1.0
    try:
        t = pkg.tools.make_buffer()  # nor pkg.tools
    except AttributeError as error:
        t = str(error)
    else:
        t[0] = 1.0
    return h, w, t
