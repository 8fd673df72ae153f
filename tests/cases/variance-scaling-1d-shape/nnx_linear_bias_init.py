from flax import nnx

layer = nnx.Linear(3, 2, bias_init=nnx.initializers.lecun_uniform(), rngs=nnx.Rngs(0))  # expect: JXE159
print(layer.kernel.value.shape)
