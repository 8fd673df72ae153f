import jax
import jax.numpy as jnp


@jax.jit
def clip_negative(x):
    return x.at[x < 0].set(0.0)  # expect: JXE075


print(clip_negative(jnp.array([-1.0, 2.0])))
