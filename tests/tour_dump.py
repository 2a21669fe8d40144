"""Print every frame of the screen tour as `name hex`; run on either interpreter."""

import binascii

from screentour import tour

for name, frame in tour():
    print(name, binascii.hexlify(frame).decode())
