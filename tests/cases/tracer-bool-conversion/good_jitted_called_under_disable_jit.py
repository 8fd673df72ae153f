import jax


@jax.jit
def clip(x):
    if x > 0:
        return x
    return 0.0


def debug_run(v):
    with jax.disable_jit():  # clip runs as plain Python here
        return clip(v)


print(debug_run(1.0))
