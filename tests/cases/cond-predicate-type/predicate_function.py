import jax.numpy as jnp
from jax.lax import cond


def main(i):
    def pred_fun(state):
        a, b = state
        return a > 0

    def true_fun(state):
        a, b = state
        return b + 10 // a

    def false_fun(state):
        a, b = state
        return b

    return cond(pred_fun, true_fun, false_fun, (i, 0))  # expect: JXE147


print(main(jnp.int32(3)))
