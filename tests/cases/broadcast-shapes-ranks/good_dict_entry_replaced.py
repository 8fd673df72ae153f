import jax.numpy as jnp

params = {"w": jnp.ones((3, 4)), "b": jnp.ones(5)}
params["b"] = jnp.ones(4)
out = params["w"] + params["b"]
layers = [jnp.ones((3, 4)), jnp.ones(5)]
layers.pop()
layers.append(jnp.ones(4))
total = layers[0] + layers[1]
print(out, total)
