import jax

try:
    jax.random.bernoulli(0, 0.5, (2,), mode="middle")
except ValueError as error:
    print("mode checked first:", error)
