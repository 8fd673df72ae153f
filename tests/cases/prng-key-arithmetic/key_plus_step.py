import jax

key = jax.random.key(0)
for step in range(3):
    step_key = key + step  # expect: JXE129
    print(jax.random.normal(step_key))
