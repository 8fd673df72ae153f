import jax.numpy as jnp


class Readout:
    def __init__(self, hidden):
        self.hidden = hidden
        self.classes = 4

    def __call__(self, features):
        weights = jnp.ones((self.hidden, self.classes))
        return features @ weights


head = Readout(8)
print(head(jnp.ones((3, 8))))
