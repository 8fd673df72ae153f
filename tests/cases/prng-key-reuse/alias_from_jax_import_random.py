from jax import config, random

config.update("jax_debug_key_reuse", True)

rng = random.key(5)
perm = random.permutation(rng, 6)
idx = random.randint(rng, (3,), 0, 6)  # expect: JXE099
print(perm, idx)
