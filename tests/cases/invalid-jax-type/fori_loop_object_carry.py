from jax import lax


class Counter:
    def __init__(self, value):
        self.value = value


def body(i, counter):
    return Counter(counter.value + i)


print(lax.fori_loop(0, 10, body, Counter(0.0)))  # expect: JXE142
