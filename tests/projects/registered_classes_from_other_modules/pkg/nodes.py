import jax


class Node:
    """Each subclass is registered as a pytree of its `value`."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        jax.tree_util.register_pytree_node(cls, lambda n: ((n.value,), None),
                                           lambda _, children: cls(*children))
