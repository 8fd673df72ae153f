from jax import lax

try:
    lax.while_loop(lambda c: False, lambda c: c, "state")
except TypeError as error:
    print("refused:", error)
