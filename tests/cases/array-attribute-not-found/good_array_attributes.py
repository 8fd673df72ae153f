import jax
import jax.numpy as jnp
import numpy as np

x = jnp.arange(6.0).reshape(2, 3)
print(x.T, x.mT, x.at[0, 0].set(1.0), x.ndim, x.size, x.itemsize, x.device, x.sharding)
print(x.block_until_ready().sum(), x.astype(jnp.int32).dtype, x.tolist(), x.item(0) if x.size else None)
print(np.asarray(x).tobytes()[:4], jax.lax.stop_gradient(x).shape)


@jax.jit
def f(y):
    return y.reshape(3, 2).T.sum(axis=0), y.weak_type if False else y.aval.shape


print(f(x))
