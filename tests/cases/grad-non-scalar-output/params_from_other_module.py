# case: static — the loss and params come from another module
import jax
from model import loss, params

print(jax.grad(loss)(params))
