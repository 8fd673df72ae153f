import jax


def small(v):
    return v < 1.0


def double(v):
    return v * 2


def keep(v):
    return v


print(jax.lax.cond(small, double, keep, operand=0.5))  # expect: JXE147
