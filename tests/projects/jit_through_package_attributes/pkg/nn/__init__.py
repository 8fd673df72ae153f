from .activations import relu
