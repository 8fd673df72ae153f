import jax


def tick(count, _):
    return count + 1, count


print(jax.lax.scan(tick, 0, None))  # expect: JXE122
