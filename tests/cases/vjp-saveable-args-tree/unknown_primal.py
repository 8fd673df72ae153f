import jax
import jax.numpy as jnp


def make_params():
    return (jnp.ones(2), jnp.ones(2))


def loss(p):
    return jnp.sum(p[0] * p[1])


params = make_params()
out, f_vjp = jax.vjp(loss, params, saveable_args=((True, True),))
print(f_vjp(1.0))
