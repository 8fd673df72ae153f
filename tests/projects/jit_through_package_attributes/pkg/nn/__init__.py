from .activations import relu

__all__ = ["relu"]
