import jax.numpy as jnp
from jax import lax, random


def run_chains(key, inits, num_chains):
    keys = random.split(key, num_chains)

    def step(carry, args):
        init, k = args
        return carry, init + random.normal(k, init.shape)

    _, out = lax.scan(step, None, (inits, keys))  # expect: JXE122
    return out


print(run_chains(random.PRNGKey(0), jnp.zeros((3, 4)), num_chains=2).shape)
