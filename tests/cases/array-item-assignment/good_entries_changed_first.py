import numpy as np
import jax.numpy as jnp


def to_numpy(tree):
    for key in tree:
        tree[key] = np.array(tree[key])


def reset():
    shared["w"] = np.zeros(2)


state = {"w": jnp.zeros(4)}
state["w"] = np.array(state["w"])
state["w"][0] = 1.0

params = {"b": jnp.zeros(2)}
to_numpy(params)
params["b"][0] = 1.0

cache = {"x": jnp.zeros(2)}
alias = cache
alias["x"] = np.zeros(2)
cache["x"][1] = 3.0

first = second = {"v": jnp.zeros(2)}
second["v"] = np.zeros(2)
first["v"][0] = 1.0

boxed = [jnp.zeros(2)]
holder = (boxed, 1)
holder[0][0] = np.zeros(2)
boxed[0][1] = 2.0

shared = {"w": jnp.zeros(2)}
reset()
shared["w"][0] = 1.0

rows = [jnp.zeros(3)]
for i in range(2):
    if i:
        rows[0][0] = 1.0
    rows[0] = np.zeros(3)

table = {"t": jnp.zeros(2)}
table.update(t=np.zeros(2))
table["t"][0] = 1.0

stack = [jnp.zeros(2)]
stack.insert(0, np.zeros(2))
stack[0][0] = 1.0

nested = {"inner": {"w": jnp.zeros(2)}}
inner = nested["inner"]
inner["w"] = np.zeros(2)
nested["inner"]["w"][0] = 1.0
print(state, params, cache, first, boxed, shared, rows, table, stack, nested)
