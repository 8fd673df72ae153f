import jax.numpy as jnp

readings = ["0.5 1.5", "2.0", "3.25 4.0"]


def values_of(line):
    return [float(token) for token in line.split()]


def gather(lines):
    merged = []
    for line in lines:
        merged = jnp.concatenate([merged, jnp.array(values_of(line))])  # expect: JXE097
    return merged


print(gather(readings))
