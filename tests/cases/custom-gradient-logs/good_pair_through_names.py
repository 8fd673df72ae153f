import jax
import jax.numpy as jnp

@jax.custom_gradient(with_logs=True)
def soft_abs(x):
    y = jnp.sqrt(x * x + 1e-3)

    def vjp(g):
        in_cts = (g * x / y,)
        logs = {"g": g} if x > 0 else None
        return in_cts, logs

    return y, vjp

print(jax.grad(soft_abs)(3.0))
