"""Rules about custom_jvp functions and their jvp rules (JXE110-JXE112)."""
