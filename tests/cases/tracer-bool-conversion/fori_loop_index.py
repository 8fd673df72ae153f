import jax

total = jax.lax.fori_loop(0, 5, lambda i, acc: acc + 1.0 if i > 2 else acc, 0.0)  # expect: JXE070
print(total)
