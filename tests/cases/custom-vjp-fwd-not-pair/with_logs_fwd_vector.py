import jax
import jax.numpy as jnp


@jax.custom_vjp
def norm(v):
    return jnp.sqrt(jnp.sum(v * v))


def norm_fwd(v):
    return jnp.sqrt(jnp.sum(v * v)), v, jnp.sqrt(jnp.sum(v * v))  # expect: JXE042


def norm_bwd(res, g):
    v, n = res
    return (g * v / n,), {"norm": n}


norm.defvjp_with_logs(norm_fwd, norm_bwd)
print(jax.grad(norm)(jnp.array([3.0, 4.0, 0.0])))
