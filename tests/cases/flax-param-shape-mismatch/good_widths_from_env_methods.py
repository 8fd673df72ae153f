import jax
import jax.numpy as jnp
import flax.linen as nn


class Policy(nn.Module):
    actions: int = 4

    @nn.compact
    def __call__(self, observation):
        x = nn.tanh(nn.Dense(32, name="torso")(observation))
        return nn.Dense(self.actions)(x)


class Arena:
    num_bodies = 5

    def observation_size(self):
        return self.num_bodies * 4  # positions and velocities

    def observe(self, positions):
        velocities = jnp.zeros(self.num_bodies * 2)
        return jnp.concatenate([positions.reshape(-1), velocities])


class Resizable:
    num_bodies = 5

    def observation_size(self):
        return self.num_bodies * 2


arena = Arena()
policy = Policy()
variables = policy.init(jax.random.key(0), jnp.zeros((1, arena.observation_size())))
print(policy.apply(variables, arena.observe(jnp.ones((arena.num_bodies, 2)))[None]).shape)

other = Resizable()
other.num_bodies = 10  # stored on the object: the class-level value is not what it reads
variables = policy.init(jax.random.key(0), jnp.zeros((1, other.observation_size())))
print(policy.apply(variables, jnp.ones((1, 20))).shape)
