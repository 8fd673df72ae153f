from . import nn
