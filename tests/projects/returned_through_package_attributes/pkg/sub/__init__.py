from . import buffers

__all__ = ["buffers"]
