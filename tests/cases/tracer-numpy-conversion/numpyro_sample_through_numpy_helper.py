import jax
import jax.numpy as jnp
import numpy as np
import numpyro
import numpyro.distributions as dist
from numpyro.infer import MCMC, NUTS


def rate_curve(log_rate, times):
    return np.exp(log_rate) * times  # expect: JXE074


def model(times, counts=None):
    log_rate = numpyro.sample("log_rate", dist.Normal(0.0, 1.0))
    numpyro.sample("counts", dist.Poisson(rate_curve(log_rate, times)), obs=counts)


times = np.arange(1.0, 6.0)
mcmc = MCMC(NUTS(model), num_warmup=5, num_samples=5, progress_bar=False)
mcmc.run(jax.random.key(0), times, counts=jnp.array([1, 2, 2, 4, 5]))
print(mcmc.get_samples()["log_rate"].mean())
