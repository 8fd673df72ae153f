import dataclasses
from typing import NamedTuple

import jax


class Config:
    def __init__(self, lr=0.1):
        self.lr = lr


@jax.tree_util.register_pytree_node_class
class Schedule:
    def __init__(self, rate):
        self.rate = rate

    def tree_flatten(self):
        return (self.rate,), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


@dataclasses.dataclass
class Decay:
    factor: float = 0.9


jax.tree_util.register_dataclass(Decay, data_fields=["factor"], meta_fields=[])


class Momentum(NamedTuple):
    beta: float = 0.9


class Clipped(Config):
    def tree_flatten(self):
        return (self.lr,), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


jax.tree_util.register_pytree_node_class(Clipped)
