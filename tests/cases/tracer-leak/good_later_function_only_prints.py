import jax
import jax.numpy as jnp

context = 0.0


@jax.jit
def encode(x):
    global context
    context = jnp.tanh(x)
    return x * 2.0


def report():
    print("last context:", context)


encoded = encode(jnp.ones(3))
report()
