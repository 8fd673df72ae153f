import jax
import jax.numpy as jnp

from .config import Clipped, Config, Decay, Momentum, Schedule
from .weights import Weight


def update(w, cfg):
    return w - cfg.lr * w


def scaled(w, schedule):
    return w * schedule.rate


def decayed(w, decay):
    return w * decay.factor


def with_momentum(w, momentum):
    return w * momentum.beta


def weighted(w, weight):
    return w * weight.value


def train():
    w = jnp.ones(3)
    w = jax.jit(update)(w, Config(0.5))  # Config: a pytree once pkg.registry has run
    w = jax.jit(scaled)(w, Schedule(0.5))
    w = jax.jit(decayed)(w, Decay())
    w = jax.jit(with_momentum)(w, Momentum())
    w = jax.jit(update)(w, Clipped(0.1))
    w = jax.jit(weighted)(w, Weight(2.0))  # Weight: a pytree, as every subclass of Node
    return w
