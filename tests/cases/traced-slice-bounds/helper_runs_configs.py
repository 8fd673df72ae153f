import jax
import jax.numpy as jnp


@jax.jit
def head(x, config):
    return x[:config["num"]]  # expect: JXE076


def run_all(configs, x):
    outs = []
    for config in configs:
        outs.append(head(x, config))
    return outs


print(run_all([{"num": 5}, {"num": 3}], jnp.arange(10)))
