# case: static — the arguments come from the caller: the output's shape is not shown
import jax


def predict(w, x):
    return x * w


def step(w, x):
    return jax.grad(predict)(w, x)
