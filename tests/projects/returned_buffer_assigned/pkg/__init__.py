from .buffers import make_buffer

__all__ = ["make_buffer"]
