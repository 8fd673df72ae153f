import jax
import jax.numpy as jnp

params = {"intercept": 1.2, "coef_media": jnp.array([0.8, 0.5, 0.3]), "coef_extra": jnp.array([0.2, -0.1])}
extra = jnp.ones((52, 2))  # one year of weekly covariates


def predict(media, extra, p):
    return p["intercept"] + media @ p["coef_media"] + extra @ p["coef_extra"]


def objective(budget, weeks, extra, p):
    media = jnp.tile(budget / weeks, (weeks, 1))  # `weeks` stays a Python int under grad
    return -jnp.sum(predict(media, extra, p))


value, grad = jax.value_and_grad(objective)(jnp.array([300.0, 200.0, 100.0]), 52, extra, params)
print(value, grad)
