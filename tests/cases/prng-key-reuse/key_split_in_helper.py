import jax

jax.config.update("jax_debug_key_reuse", True)


def next_key(key):
    key, subkey = jax.random.split(key)
    return key, subkey


key = jax.random.key(0)
key, sub = next_key(key)
a = jax.random.normal(sub, (2,))
key, sub = next_key(key)
b = jax.random.normal(sub, (2,))
print(a, b)
