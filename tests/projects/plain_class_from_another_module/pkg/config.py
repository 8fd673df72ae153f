from .base import Settings


class Config(Settings):
    def __init__(self, lr=0.1):
        self.lr = lr
