import jax

key = jax.random.PRNGKey(0)
print(int(key[0]), key[1])
keys = jax.random.split(key, 3)
print(keys[0, 1], keys[:, 0])
typed = jax.random.split(jax.random.key(2), 3)
print(typed[0], typed[1:], typed[None, 0], typed[...])
print(jax.random.key_data(jax.random.key(3))[0])


def split_seed(rng):
    data_rng, model_rng = jax.random.split(rng, 2)
    return int(model_rng[0]), data_rng


print(split_seed(jax.random.PRNGKey(0)))
