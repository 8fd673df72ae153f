import jax as J


def step(z):
    return z + abs(complex(z))  # expect: JXE071


print(J.lax.while_loop(lambda z: z < 10.0, step, 1.0))
