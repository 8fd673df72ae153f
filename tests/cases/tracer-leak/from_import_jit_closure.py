from jax import jit
import jax.numpy as jnp


def main():
    seen = {}

    @jit
    def f(x):
        seen["y"] = x * 3.0  # expect: JXE077
        return x + 1.0

    f(jnp.ones(2))
    return seen["y"] + 1.0


main()
