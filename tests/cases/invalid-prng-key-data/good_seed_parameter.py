import jax


def draw(key):
    return jax.random.normal(key, (2,))


print(draw(jax.random.key(0)))
