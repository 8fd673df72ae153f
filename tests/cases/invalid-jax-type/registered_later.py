import jax
from jax import lax


class Counter:
    def __init__(self, value):
        self.value = value


jax.tree_util.register_pytree_node(Counter, lambda c: ((c.value,), None), lambda _, ch: Counter(*ch))


def body(i, counter):
    return Counter(counter.value + i)


print(lax.fori_loop(0, 10, body, Counter(0.0)).value)
