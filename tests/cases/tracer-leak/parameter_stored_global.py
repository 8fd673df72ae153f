import jax
import jax.numpy as jnp

last_input = None


@jax.jit
def predict(x):
    global last_input
    last_input = x  # expect: JXE077
    return jnp.tanh(x)


predict(jnp.ones(3))
predict(jnp.zeros(3))
print(last_input * 2.0)
