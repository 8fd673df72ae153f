"""What the rules of one family of JAX errors share: lookups over the analysis (custom_vjp
registrations, VJP functions and their applications, gradient refs, HiPrim subclasses, ...).
"""
