# case: static — with 64-bit types the message would say int64: the dtype is left unknown
import jax

jax.config.update("jax_enable_x64", True)
print(jax.grad(lambda v: v * v)(3))
