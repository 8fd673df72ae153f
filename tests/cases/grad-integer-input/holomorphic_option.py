# case: static — holomorphic=True raises its own message for an int
import jax

print(jax.grad(lambda v: v * v, holomorphic=True)(3))
