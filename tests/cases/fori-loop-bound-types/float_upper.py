import jax

total = jax.lax.fori_loop(0, 10 / 2, lambda i, acc: acc + i, 0.0)  # expect: JXE137
print(total)
