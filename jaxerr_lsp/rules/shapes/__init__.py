"""Rules: shapes the inference knows: broadcasting, matrix products, reshape, concatenate, stack."""
