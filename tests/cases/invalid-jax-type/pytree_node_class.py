import jax
from jax import lax


@jax.tree_util.register_pytree_node_class
class Counter:
    def __init__(self, value):
        self.value = value

    def tree_flatten(self):
        return (self.value,), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


def body(i, counter):
    return Counter(counter.value + i)


print(lax.fori_loop(0, 10, body, Counter(0.0)).value)
