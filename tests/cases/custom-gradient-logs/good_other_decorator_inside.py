# case: static — a decorator between custom_gradient and the def may change what it returns
import jax
from mylib import wrap

@jax.custom_gradient(with_logs=True)
@wrap
def square(x):
    return x ** 2, lambda g: (g * 2 * x,)
