from .buffers import make_buffer
