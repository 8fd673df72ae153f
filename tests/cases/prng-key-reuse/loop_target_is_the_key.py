import jax

jax.config.update("jax_debug_key_reuse", True)

for key in jax.random.split(jax.random.key(0), 3):
    print(jax.random.normal(key, (2,)))

key = jax.random.key(1)
for _ in range(1):
    print(jax.random.normal(key, (2,)))
