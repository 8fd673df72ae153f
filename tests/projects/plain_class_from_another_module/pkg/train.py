import jax
import jax.numpy as jnp

from .config import Config


def update(w, cfg):
    return w - cfg.lr * w


def train():
    cfg = Config(0.5)
    return jax.jit(update)(jnp.ones(3), cfg)  # expect: JXE081
