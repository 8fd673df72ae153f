import jax

jax.config.update("jax_debug_key_reuse", True)

key = jax.random.key(0)
a = jax.random.normal(jax.random.clone(key), (2,))
b = jax.random.normal(key, (2,))
print(a, b, jax.random.key_data(key))
