import jax
import jax.numpy as jnp
from jax import lax

CFG = {"slots": 8, "width": 4, "store": jnp.bfloat16}


def fresh_cache():
    return {"keys": jnp.zeros((CFG["slots"], CFG["width"]), CFG["store"])}


@jax.jit
def write(cache, row, slot):
    return {"keys": lax.dynamic_update_slice(cache["keys"], row[None], (slot, 0))}  # expect: JXE098


cache = fresh_cache()
for slot in range(3):
    cache = write(cache, jnp.ones(CFG["width"]), slot)
print(cache["keys"])
