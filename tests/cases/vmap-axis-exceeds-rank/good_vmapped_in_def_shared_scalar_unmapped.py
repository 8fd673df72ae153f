import jax
import jax.numpy as jnp


def flip_logpdf(obs, p):
    return jnp.where(obs, jnp.log(p), jnp.log1p(-p))


def assess(obs, probs):
    per_coin = jax.vmap(flip_logpdf, in_axes=(0 if jnp.ndim(obs) else None, 0))
    return per_coin(obs, probs).sum()


def assess_rows(obs, probs):
    return jax.vmap(flip_logpdf)(obs, probs).sum()


probs = jnp.array([0.2, 0.4, 0.6])
obs = jnp.array([True, False, True])
print(assess(obs, probs), assess(obs.all(), probs), assess_rows(obs, probs))
