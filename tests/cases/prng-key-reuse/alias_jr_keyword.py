import jax
import jax.random as jr

jax.config.update("jax_debug_key_reuse", True)

k = jr.key(2)
mask = jr.bernoulli(k, 0.9, (4,))
drop = jr.bernoulli(key=k, p=0.5, shape=(4,))  # expect: JXE099
print(mask, drop)
