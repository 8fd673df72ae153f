import jax
import jax.numpy as jnp
import numpyro
import numpyro.distributions as dist
from numpyro.infer import MCMC, NUTS


def model(y=None):
    scale = numpyro.sample("scale", dist.LogNormal(0.0, 1.0))
    scale = jnp.minimum(scale, 2.0)  # what the data says, element by element
    observed = numpyro.sample("y", dist.Normal(0.0, scale), obs=y)
    if observed is None:  # the data `run` was given: a concrete array, not drawn
        raise ValueError("no data")


mcmc = MCMC(NUTS(model), num_warmup=5, num_samples=5, progress_bar=False)
mcmc.run(jax.random.key(0), y=jnp.ones(3))
print(mcmc.get_samples()["scale"].mean())
