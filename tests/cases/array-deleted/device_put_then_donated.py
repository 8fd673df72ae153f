import jax
import jax.numpy as jnp


def step(state, delta):
    return state + delta


step = jax.jit(step, donate_argnums=0)
state = jax.device_put(jnp.zeros(3), jax.devices()[0])
new_state = step(state, 1.0)
print(state)  # expect: JXE139
