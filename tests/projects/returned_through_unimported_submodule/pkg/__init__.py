from . import sub

__all__ = ["sub"]
