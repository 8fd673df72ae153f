# case: static — `out` is whatever the caller passes (a batched ref works)
import jax


def scatter(out, xs):
    def f(x):
        out[...] = x

    return jax.vmap(f)(xs)
