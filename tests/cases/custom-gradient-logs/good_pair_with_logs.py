import jax
import jax.numpy as jnp

@jax.custom_gradient(with_logs=True)
def square(x):
    return x ** 2, lambda g: ((g * 2 * x,), {"g_abs": jnp.abs(g)})

print(jax.grad(square)(3.0))
_, pull = jax.vjp(square, 3.0)
print(pull.with_logs(1.0))
