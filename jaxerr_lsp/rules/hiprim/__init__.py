"""Rules: HiPrim subclasses."""
