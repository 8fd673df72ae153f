import jax

jax.config.update("jax_debug_key_reuse", True)

ADD_NOISE = True
key = jax.random.key(0)
x = jax.random.normal(key, (3,))
if ADD_NOISE:
    x = x + jax.random.normal(key, (3,))  # expect: JXE099
print(x)
