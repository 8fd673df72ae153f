from . import buffers
