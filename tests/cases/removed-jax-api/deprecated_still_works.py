import warnings

import jax.scipy.special

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    lpmn = jax.scipy.special.lpmn  # deprecated: it warns, it does not raise
print(callable(lpmn))
