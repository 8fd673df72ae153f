"""Rules: Flax Linen layers applied in a way Flax refuses."""
