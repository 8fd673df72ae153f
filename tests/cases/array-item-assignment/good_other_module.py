# case: static — the array comes from a module that is not installed: its type is unknown
import jax.numpy as jnp
from mypackage.buffers import shared_buffer

shared_buffer[0] = jnp.float32(1.0)
