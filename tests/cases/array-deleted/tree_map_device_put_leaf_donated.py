import jax


def fn(x, y):
    return x, y


fn = jax.jit(fn, donate_argnums=1)

x = {"A": 1.0, "B": 2.0}
y = 3.0
x = jax.tree_util.tree_map(lambda v: jax.device_put(v, jax.local_devices()[0]), x)
y = jax.tree_util.tree_map(lambda v: jax.device_put(v, jax.local_devices()[0]), y)

fn(x, y)

print(x)
print(y)  # expect: JXE139
