import jax
import jax.numpy as jnp


@jax.custom_vjp
def scale(x):
    return 3.0 * x


def scale_fwd(x):
    return (3.0 * jnp.asarray(x),)  # expect: JXE042


def scale_bwd(_, g, x_accum):
    x_accum.accum(3.0 * g)


scale.defvjp_with_accums(scale_fwd, scale_bwd)
print(jax.grad(scale)(1.0))
