import jax

rng = jax.random.key(0)
data_rng, model_rng = jax.random.split(rng, 2)
seed = int(model_rng[0])  # expect: JXE119
print(seed)
