import jax


def f(x, **options):
    return x * options.get("scale", 1)


print(jax.jit(f, static_argnames="scale")(2.0, scale=3))
