import jax

jax.config.update("jax_debug_key_reuse", True)

key = jax.random.key(0)
weights = jax.random.normal(key, (3, 3))
bias = jax.random.normal(key, (3,))  # expect: JXE099
print(weights, bias)
