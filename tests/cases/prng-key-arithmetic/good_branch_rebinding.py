import jax


def make(typed):
    if typed:
        key = jax.random.key(0)
    else:
        key = jax.random.PRNGKey(0)
        key += 1
    return key


print(make(False))
