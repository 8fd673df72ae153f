import jax
from jax.random import key, normal, uniform

jax.config.update("jax_debug_key_reuse", True)

seed = key(11)
if True:
    a = normal(seed, (2,))
    b = uniform(seed, (2,))  # expect: JXE099
print(a, b)
