import jax.numpy as jnp


def make_batch():
    return {"mask": jnp.ones((8, 8), dtype=bool)}


def shrink(batch):
    batch["mask"] = jnp.ones((), dtype=bool)  # the entry becomes one element


def validate(batch):
    if not batch["mask"]:
        raise ValueError("nothing visible")
    return True


batch = make_batch()
shrink(batch)
print(validate(batch))
