from . import rules

__all__ = ["rules"]
