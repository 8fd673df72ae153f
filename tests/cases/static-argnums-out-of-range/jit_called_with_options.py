import jax


@jax.jit(static_argnums=[0, 3])  # expect: JXE131
def power(n, x):
    return x ** n


print(power(2, 3.0))
