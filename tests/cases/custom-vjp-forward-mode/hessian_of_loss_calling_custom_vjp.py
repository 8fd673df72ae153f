import jax
import jax.numpy as jnp


@jax.custom_vjp
def shrink(scale, v):
    return v / (1.0 + scale)


def shrink_fwd(scale, v):
    out = shrink(scale, v)
    return out, (scale, out)


def shrink_bwd(res, g):
    scale, out = res
    return (-jnp.sum(g * out) / (1.0 + scale), g / (1.0 + scale))


shrink.defvjp(shrink_fwd, shrink_bwd)


def penalty(log_scale, target):
    fitted = shrink(jnp.exp(log_scale), target)
    return jnp.sum((fitted - 0.5) ** 2)


point = 0.1
print(jax.grad(penalty)(point, jnp.ones(3)))
print(jax.hessian(penalty)(point, jnp.ones(3)))  # expect: JXE054
