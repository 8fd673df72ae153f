import jax

init = jax.nn.initializers.variance_scaling(1.0, "fan_in", "normal", in_axis=0, out_axis=0)
print(init(jax.random.key(1), (16,)).shape)
print(jax.nn.initializers.he_normal()(jax.random.key(2), (4, 16)).shape)
