import jax
import jax.numpy as jnp


def f(params):
    return jnp.sum(params["w"][...]) * params["s"]


params = {"w": jax.new_ref(jnp.ones(2)), "s": 2.0}
out, f_vjp = jax.vjp(f, params)
f_vjp.with_refs({"w": jax.ad.GradValue(), "s": jax.ad.GradValue()})(1.0)  # expect: JXE011
