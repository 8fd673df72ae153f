import jax
import jax.numpy as jnp


@jax.custom_vjp
def forward_only(x):
    return jnp.sin(x)


def forward_only_fwd(x):
    raise NotImplementedError("forward_only is not differentiable")


def forward_only_bwd(res, g):
    return (g,)


forward_only.defvjp(forward_only_fwd, forward_only_bwd)
print(forward_only(0.5))
