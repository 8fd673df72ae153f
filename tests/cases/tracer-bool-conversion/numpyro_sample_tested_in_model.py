import jax
import jax.numpy as jnp
import numpyro
import numpyro.distributions as dist
from numpyro.infer import MCMC, NUTS


def model(y=None):
    scale = numpyro.sample("scale", dist.LogNormal(0.0, 1.0))
    if scale > 2.0:  # expect: JXE070
        scale = 2.0
    numpyro.sample("y", dist.Normal(0.0, scale), obs=y)


mcmc = MCMC(NUTS(model), num_warmup=5, num_samples=5, progress_bar=False)
mcmc.run(jax.random.key(0), y=jnp.ones(3))
print(mcmc.get_samples()["scale"].mean())
