import jax
import jax.numpy as jnp
from jax.experimental.ode import odeint


def decay(y, t, rate):
    return -rate * y


def misfit(log_rate, times, observed):
    rate = jnp.exp(log_rate)
    path = odeint(decay, 1.0, times, rate)
    return jnp.sum((path - observed) ** 2)


times = jnp.linspace(0.0, 2.0, 5)
observed = jnp.exp(-0.7 * times)
print(jax.grad(misfit)(0.0, times, observed))
print(jax.jacfwd(misfit)(0.0, times, observed))  # expect: JXE054
