import jax


@jax.custom_jvp
def scaled(x, y):
    return x * y


@scaled.defjvp
def scaled_jvp(primals, tangents):
    x, y = primals
    tx, ty = tangents
    return scaled(x, y), tx * y, x * ty  # expect: JXE110


print(jax.jvp(scaled, (1.0, 2.0), (1.0, 0.0)))
