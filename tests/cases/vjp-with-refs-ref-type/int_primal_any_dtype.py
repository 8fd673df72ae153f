import jax
import jax.numpy as jnp


def f(x, n):
    return jnp.sum(x) * jnp.sum(n)


n = jnp.arange(2)
out, f_vjp = jax.vjp(f, jnp.ones(2), n)
# An integer primal's gradient is float0: a ref of its shape passes, whatever its dtype.
f_vjp.with_refs(jax.ad.GradValue(), jax.new_ref(jnp.zeros(2)))(1.0)
f_vjp.with_refs(jax.ad.GradValue(), jax.new_ref(jnp.zeros(2, jnp.int32)))(1.0)
