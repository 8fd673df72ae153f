import jax


def sample_mean(key):
    return jax.random.normal(key, (3,)).mean()


print(jax.grad(sample_mean)(jax.random.PRNGKey(0)))  # expect: JXE090
