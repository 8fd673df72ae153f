import jax
import jax.numpy as jnp

LETTERS = "abc"


@jax.jit
def letter_code(i):
    return jnp.array(ord(LETTERS[i]))  # expect: JXE073


print(letter_code(1))
