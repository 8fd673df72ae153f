import jax.numpy as jnp


def chunks(x, parts=4):
    return jnp.split(x, parts)  # expect: JXE120


def run(x, parts):
    return chunks(x, parts)


print(len(run(jnp.ones(10), parts=3)))
