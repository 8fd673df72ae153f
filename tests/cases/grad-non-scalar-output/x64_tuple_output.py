import jax

jax.config.update("jax_enable_x64", True)
print(jax.grad(lambda x: (x, 2.0 * x))(1.0))  # expect: JXE091
