import jax
import jax.numpy as jnp


class Gate:
    def __init__(self, bias):
        self.bias = bias

    def forward(self, values, enabled):
        if enabled:
            return values + self.bias
        return values


gate = Gate(1.0)
# static_argnums counts the parameters after `self` for a bound method: `enabled` is static.
run = jax.jit(gate.forward, static_argnums=1)
print(run(jnp.ones(2), True))
