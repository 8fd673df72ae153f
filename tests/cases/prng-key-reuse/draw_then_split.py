import jax

jax.config.update("jax_debug_key_reuse", True)


def noisy(x, key):
    noise = jax.random.normal(key, x.shape)
    key, subkey = jax.random.split(key)  # expect: JXE099
    return x + noise, key


print(noisy(jax.numpy.ones(3), jax.random.key(0)))
