"""Rules: custom_vjp, custom_gradient and their rules' registrations."""
