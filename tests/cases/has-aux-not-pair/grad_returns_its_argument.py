import jax

clipped = jax.grad(lambda x: x, has_aux=True)  # expect: JXE023
print(clipped(2.0))
