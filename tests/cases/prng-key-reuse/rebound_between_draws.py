import jax

jax.config.update("jax_debug_key_reuse", True)

key = jax.random.key(0)
a = jax.random.normal(key, (2,))
key = jax.random.key(1)
b = jax.random.normal(key, (2,))
key = jax.random.fold_in(key, 3)
c = jax.random.uniform(key, (2,))
print(a, b, c)
