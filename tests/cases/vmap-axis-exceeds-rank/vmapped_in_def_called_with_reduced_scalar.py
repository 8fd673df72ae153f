import jax
import jax.numpy as jnp


def flip_logpdf(obs, p):
    return jnp.where(obs, jnp.log(p), jnp.log1p(-p))


def assess(obs, probs):
    per_coin = jax.vmap(flip_logpdf, in_axes=(0, 0))
    return per_coin(obs, probs).sum()  # expect: JXE118


probs = jnp.array([0.2, 0.4, 0.6])
obs = jnp.array([True, False, True])
print(assess(obs, probs))
print(assess(obs.all(), probs))  # one indicator shared by every coin: no axis to map
