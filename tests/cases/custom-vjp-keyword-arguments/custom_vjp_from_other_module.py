# case: static — `ops.scaled_sin` is defined (and maybe takes `scale`) in another module
import jax
from ops import scaled_sin

print(scaled_sin(0.5, scale=2.0), jax.grad(scaled_sin)(0.5, scale=2.0))
