"""A project: its modules, and what each traces of the others' functions."""
