from functools import partial

import jax

batch_over_dict = partial(jax.vmap, in_axes={"x": 0})
print(batch_over_dict)
