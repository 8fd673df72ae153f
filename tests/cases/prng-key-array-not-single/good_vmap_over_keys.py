import jax

keys = jax.random.split(jax.random.key(0), 4)
print(jax.vmap(lambda keys: jax.random.normal(keys, (3,)))(keys).shape)


def draw(k):
    return jax.random.uniform(k)


print(jax.vmap(draw)(keys))
