import jax

STATIC = -3
f = jax.jit(lambda x, n: x * n, static_argnums=STATIC)  # expect: JXE131
print(f(1.0, 2))
