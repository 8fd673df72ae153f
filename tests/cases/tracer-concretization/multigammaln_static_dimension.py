from functools import partial

import jax
import jax.numpy as jnp
from jax.scipy.special import multigammaln


@partial(jax.jit, static_argnames="dim")
def wishart_log_normalizer(dof, dim):
    return 0.5 * dof * dim * jnp.log(2.0) + multigammaln(0.5 * dof, dim)


print(wishart_log_normalizer(7.0, 3))
