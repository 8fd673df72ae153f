class Mirror:
    device_buffers = ("gpu0", "gpu1")


print(Mirror().device_buffers)
