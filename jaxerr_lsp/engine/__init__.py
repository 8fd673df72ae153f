"""The engine: what a rule is (`rule.Rule`, `rule.Context`), the registry that discovers rules,
and `run.analyze(source) -> Analysis`.
"""
