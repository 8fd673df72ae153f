import jax
import jax.numpy as jnp


@jax.custom_vjp
def sincos(x):
    return jnp.sin(x), jnp.cos(x)


def sincos_fwd(x):
    return (jnp.sin(x), jnp.cos(x)), x


def sincos_bwd(x, g):
    gs, gc = g
    return (gs * jnp.cos(x) - gc * jnp.sin(x),)


sincos.defvjp(sincos_fwd, sincos_bwd)


def body(c, _):
    s, co = sincos(c)
    return s + co, None


print(jax.grad(lambda c: jax.lax.scan(body, c, None, length=3)[0])(0.5))
