import jax

jax.config.update("jax_debug_key_reuse", True)

key = jax.random.key(0)
keys = jax.random.split(key, 4)
samples = jax.vmap(lambda k: jax.random.normal(k, (2,)))(keys)
print(samples.shape)
