import jax
import jax.numpy as jnp


def loss(params, x):
    return jnp.sum(params["w"] * x + params["b"])


params = {"w": jnp.ones(3), "b": jnp.zeros(3)}
x = jnp.ones(3)
out, f_vjp = jax.vjp(loss, params, x, saveable_args=True)
out, g_vjp = jax.vjp(loss, params, x, saveable_args=((True, True), True))  # tuple for a dict
out, h_vjp = jax.vjp(loss, params, x, saveable_args=[{"b": True, "w": True}, True])
out, k_vjp = jax.vjp(loss, params, x, in_nzs=(True, False))
out, m_jvp = jax.linearize(loss, params, x, in_nzs=(True, None) if False else (True, True))
print(f_vjp(1.0), g_vjp(1.0), h_vjp(1.0), k_vjp(1.0))
