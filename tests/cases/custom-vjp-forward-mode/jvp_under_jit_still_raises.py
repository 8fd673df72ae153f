import jax
import jax.numpy as jnp


@jax.custom_vjp
def shift(x):
    return x + 1


def shift_fwd(x):
    return shift(x), ()


def shift_bwd(_, g):
    return (g,)


shift.defvjp(shift_fwd, shift_bwd)

x = jnp.array([4.2], dtype=jnp.float32)
print(jax.make_jaxpr(jnp.sin)(x))
print(jax.jit(lambda x: jax.jvp(shift, (x,), (x,)))(x))  # expect: JXE054
