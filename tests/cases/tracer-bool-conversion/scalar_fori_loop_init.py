import jax


def body(i, total):
    if total > 100:  # expect: JXE070
        return total
    return total + i


print(jax.lax.fori_loop(0, 10, body, 0))
