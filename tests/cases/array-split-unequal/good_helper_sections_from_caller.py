import jax.numpy as jnp


def chunks(x, parts=4):
    if x.shape[0] % parts:
        return jnp.array_split(x, parts)
    return jnp.split(x, parts)


def run(x, parts):
    return chunks(x, parts)


print(len(run(jnp.ones(10), parts=3)))
print(len(chunks(jnp.ones(12))))
