import jax

jax.config.update("jax_debug_key_reuse", True)

key = jax.random.key(0)
keys = jax.random.split(key, 3)
a = jax.random.normal(keys[0], (2,))
b = jax.random.normal(keys[1], (2,))
c = jax.random.uniform(keys[2], (2,))
print(a, b, c)
