import jax
import jax.numpy as jnp


@jax.custom_jvp
def forward_only(x):
    return jnp.sin(x)


@forward_only.defjvp
def forward_only_jvp(primals, tangents):
    raise NotImplementedError("forward_only is not differentiable")


print(forward_only(0.5))
