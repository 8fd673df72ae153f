import jax
import jax.numpy as jnp


def loss(params):
    return jnp.sum(params["w"] * params["b"])


params = {"w": jnp.ones(3), "b": jnp.ones(3)}
out, f_vjp = jax.vjp(loss, params)
g_w = jax.new_ref(jnp.zeros(3))
g_b = jax.new_ref(jnp.zeros(3))
cts, logs = f_vjp.with_logs.with_refs((g_w, g_b))(1.0)  # expect: JXE001
