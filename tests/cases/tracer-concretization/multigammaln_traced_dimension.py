import jax
import jax.numpy as jnp
from jax.scipy.special import multigammaln


@jax.jit
def wishart_log_normalizer(dof, dim):
    return 0.5 * dof * dim * jnp.log(2.0) + multigammaln(0.5 * dof, dim)  # expect: JXE071


print(wishart_log_normalizer(7.0, 3))
