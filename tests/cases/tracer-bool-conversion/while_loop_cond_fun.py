import jax


def small(i):
    return i < 10 and i > -10  # expect: JXE070


print(jax.lax.while_loop(small, lambda i: i + 1, 0))
