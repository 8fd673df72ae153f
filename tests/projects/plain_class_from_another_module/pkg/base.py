class Settings:
    def describe(self):
        return ", ".join(f"{k}={v}" for k, v in vars(self).items())
