import jax
import jax.numpy as jnp


def padded_length(a):
    return jnp.add(a.size, 1)  # staged under jit: a tracer, though a.size is a Python int


@jax.jit
def pad(a):
    out = jnp.zeros((padded_length(a),))  # expect: JXE072
    return out.at[: a.size].set(a)


print(pad(jnp.arange(3.0)))
