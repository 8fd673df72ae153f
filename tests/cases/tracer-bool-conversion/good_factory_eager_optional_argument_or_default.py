import jax.numpy as jnp


def make_scaler(offset):
    def scaled(x, scale=None):
        scale = scale or 2.0  # a Python float or None: no tracer here
        return x * scale + offset

    return scaled


scaled = make_scaler(1.0)
print(scaled(jnp.arange(3.0)), scaled(jnp.arange(3.0), 0.5))
