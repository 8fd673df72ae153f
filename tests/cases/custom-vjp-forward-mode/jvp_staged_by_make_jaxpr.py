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
# Only traced, never run: the jvp is staged out as `custom_lin` and nothing raises.
print(jax.make_jaxpr(lambda x: jax.jvp(shift, (x,), (x,)))(x))


def tangent_shapes(x):
    return jax.jvp(shift, (x,), (x,))


print(jax.eval_shape(tangent_shapes, x))
