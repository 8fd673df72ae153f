class Registry:
    def defvjp_with_accums(self, fwd, bwd):
        self.rules = (fwd, bwd)

def bwd(res, g, acc):
    return (g,)

Registry().defvjp_with_accums(None, bwd)
