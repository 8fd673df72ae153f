import jax.numpy as jnp
from jax import lax


def first(x):
    return x


def second(x):
    return x if x > 0 else -x  # expect: JXE070


print(lax.switch(1, [first, second], jnp.float32(-2.0)))
