import jax


def shift(key, step):
    return key + step


print(shift(jax.random.PRNGKey(0), 1))
print(shift(jax.random.key_data(jax.random.key(0)), 2))
