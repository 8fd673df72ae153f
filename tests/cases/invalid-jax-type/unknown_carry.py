from jax import lax


def run(init):
    try:
        return lax.while_loop(lambda c: False, lambda c: c, init)
    except TypeError as error:
        return type(error).__name__


print(run("a"))
