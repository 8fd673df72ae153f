"""The core types every layer shares: findings and spans, the parsed source, settings, the ignore comment.
"""
