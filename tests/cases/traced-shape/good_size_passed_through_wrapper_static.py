from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames="n_samples")
def bootstrap_means(key, data, n_samples):
    keys = jax.random.split(key, 50)

    def one(k):
        idx = jax.random.randint(k, (n_samples,), 0, data.shape[0])
        return data[idx].mean()

    return jax.vmap(one)(keys)


def interval(key, data, n_samples):
    means = bootstrap_means(key, data, n_samples=n_samples)
    return float(jnp.percentile(means, 2.5)), float(jnp.percentile(means, 97.5))


data = jnp.arange(100.0)
for n in (10, 40):
    print(n, interval(jax.random.PRNGKey(n), data, n))
