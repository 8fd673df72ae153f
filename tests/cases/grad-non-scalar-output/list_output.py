import jax

print(jax.grad(lambda a, b: [a * b, a + b])(1.0, 2.0))  # expect: JXE091
