import jax
import jax.numpy as jnp


@jax.custom_jvp
def soft_sin(x):
    return jnp.sin(x)


def draft_jvp(primals, tangents):
    return jnp.cos(primals[0]) * tangents[0]


def soft_sin_jvp(primals, tangents):
    return soft_sin(primals[0]), jnp.cos(primals[0]) * tangents[0]


soft_sin.defjvp(draft_jvp)
soft_sin.defjvp(soft_sin_jvp)  # replaces the draft
print(jax.grad(soft_sin)(0.5))
