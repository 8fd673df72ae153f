import jax

from .config import Config


def _flatten(cfg):
    return (cfg.lr,), None


def _unflatten(aux, children):
    return Config(*children)


jax.tree_util.register_pytree_node(Config, _flatten, _unflatten)
