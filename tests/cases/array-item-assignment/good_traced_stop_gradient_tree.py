import jax
import jax.numpy as jnp


@jax.jit
def frozen(params):
    fixed = jax.lax.stop_gradient(params)
    fixed["b"] = fixed["w"] * 0.0
    return fixed


print(frozen({"w": jnp.ones(2)}))
