import jax

jax.config.update("jax_debug_key_reuse", True)


@jax.jit
def sample(key):
    a = jax.random.normal(key, (2,))
    b = jax.random.uniform(key, (2,))  # expect: JXE099
    return a + b


print(sample(jax.random.key(0)))
