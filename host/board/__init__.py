"""The board: what builds the game for a Pico, puts it there and talks to it.

- mpy_build.py: the board's build, .mpy files from one cache (also what the
  benchmarks and tests run); check_mpy.py compiles the tree with it (make test);
  mip_manifest.py writes mip.json from it.
- romfs.py: the game as one ROMFS image; littlefs_image.py: a littlefs as the
  rp2 port makes it; uf2.py: UF2 files and the firmware's drives.
- flash.py (`host flash`): install, update, logs and REPL over mpremote;
  flash_plan.py decides what to copy; board_files.py reads and writes what the
  board holds (sizes, hashes, the manifest).
- fresh_uf2.py (`host uf2`): one .uf2 for a fresh Pico.
- saves.py (`host saves`): the board's saves to the PC and back.
- board_link.py: the serial link to a board's REPL, its errors, and `command`,
  the one way every board command parses its options and reports failures.
"""
