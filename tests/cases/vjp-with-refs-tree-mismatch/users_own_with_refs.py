import jax  # noqa: F401 (a JAX file; the point is what is not JAX here)

class Accumulator:
    def with_refs(self, *refs):
        return len(refs)
acc = Accumulator()
acc.with_refs((1, 2), {"a": 3})
