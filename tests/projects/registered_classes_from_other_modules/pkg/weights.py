from .nodes import Node


class Weight(Node):
    def __init__(self, value):
        self.value = value
