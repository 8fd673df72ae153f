from .losses import hinge

__all__ = ["hinge"]
