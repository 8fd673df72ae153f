import jax
import jax.numpy as jnp

HALF = jnp.float16


def make_weights(key):
    return {"w": (0.1 * jax.random.normal(key, (4, 2))).astype(HALF), "b": jnp.zeros(2, HALF)}


def loss(weights, inputs):
    return jnp.mean(jnp.tanh(inputs @ weights["w"] + weights["b"]))


def step(weights, inputs):
    value, pullback = jax.vjp(lambda w: loss(w, inputs), weights)
    (grads,) = pullback(1.0)  # expect: JXE022
    return jax.tree.map(lambda p, g: p - 0.1 * g, weights, grads), value


weights = make_weights(jax.random.PRNGKey(0))
inputs = jnp.ones((3, 4), HALF)
for _ in range(2):
    weights, value = step(weights, inputs)
print(value)
