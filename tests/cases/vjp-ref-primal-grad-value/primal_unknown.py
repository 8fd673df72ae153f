# case: static — whether `state` is a Ref is up to the caller
import jax
import jax.numpy as jnp


def backward(state, x):
    out, f_vjp = jax.vjp(lambda s, x: jnp.sum(s * x), state, x)
    return f_vjp.with_refs(jax.ad.GradValue(), jax.ad.GradValue())(1.0)
