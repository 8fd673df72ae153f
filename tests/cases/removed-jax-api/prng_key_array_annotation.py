import jax


def sample(key: jax.random.PRNGKeyArray, n: int):  # expect: JXE100
    return jax.random.normal(key, (n,))


print(sample(jax.random.key(0), 3))
