import jax

init = jax.nn.initializers.he_normal()
offsets = init(jax.random.key(1), (16,))  # expect: JXE159
print(offsets.mean())
