import jax

jax.config.update("jax_debug_key_reuse", True)

key = jax.random.key(42)
k1, k2 = jax.random.split(key)
a = jax.random.uniform(k1, (2,))
b = jax.random.normal(key, (2,))  # expect: JXE099
print(a, b, k2)
