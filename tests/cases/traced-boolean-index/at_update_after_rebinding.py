import jax
import jax.numpy as jnp


@jax.jit
def clip_negative(x):
    y = x * 1.0
    y = y.at[y < 0].set(0.0)  # expect: JXE075
    return y


print(clip_negative(jnp.array([-1.0, 2.0])))
