import jax

# With 64-bit types on, the int is int64: the message says so, the checker leaves the width to JAX.
jax.config.update("jax_enable_x64", True)
print(jax.grad(lambda v: v * v)(3))  # expect: JXE090
