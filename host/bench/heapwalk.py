"""What MicroPython's heap holds, read from a copy of the emulated Pico's SRAM.

    walk = HeapWalk(sram, sp, elf_path, flash_path)  # Board.peak_snapshot(), the ELF,
    walk.report()                                    # the board's flash file
    walk.save(path); HeapWalk.load(path, elf_path, flash_path)
    walk.names()                            # the names (qstrs) interned at run time

`python3 -m host bench pico --heap-map` saves each game's largest moment in
build/bench/heap-peak-FAMILY.bin; `python3 -m host bench heap --snapshot FILE`
prints its report again (--names: its run-time names too; --flash: the board's
flash file, for the names and objects of the game's .mpy files in ROMFS).

The heap is read as the garbage collector sees it (py/gc.c): 16-byte blocks, two
bits each in the allocation table (head, tail); an allocation's words that point
at the head of another are its references (a conservative scan, as the GC's).
The roots are every such word in RAM outside the heap (mp_state_ctx's root
pointers, the stack, statics). Each allocation is named by its first word when
that is a type (the firmware's `mp_type_*` symbols, or a class made at run
time: its instances), modules by sys.modules, attributes and globals by the
qstr keys of the maps that hold them. Memory outside RAM is read from the ELF's
flash segments and, when given, the board's flash file (its ROMFS partition:
the names of modules run in place are strings there).

The breakdown is the dominator tree: an allocation's retained bytes are its own
and those of every allocation reachable only through it, what would be freed
with it. Figures are blocks x 16 bytes, as gc.mem_alloc() counts.
"""

import struct

from host.bench.dominators import dominators
from host.emu import elf as elfmod

RAM = 0x20000000
SRAM_BYTES = 264 * 1024  # the RP2040's
XIP = 0x10000000  # the flash, as the CPU reads it
BLOCK = 16
MEM_OFFSET = 692  # mp_state_ctx.mem: the GC's tables (host/emu/board.py)
FREE, HEAD, TAIL = 0, 1, 2


class HeapWalk:
    def __init__(self, sram, sp, elf_path, flash_path=None):
        self.sram = sram
        self.sp = sp
        e = elfmod.Elf(elf_path)
        self.syms = e.all_symbols()
        self.flash = {}
        for addr, data in e.flash_segments():
            self.flash[addr] = data
        if flash_path:
            with open(flash_path, "rb") as f:
                self.flash[XIP] = f.read()
        if "mp_state_ctx" not in self.syms:
            raise ValueError("%s is not a MicroPython firmware's ELF" % elf_path)
        ctx = self.syms["mp_state_ctx"][0]
        mem = ctx + MEM_OFFSET
        self.atb = self.u32(mem)
        self.atb_len = self.u32(mem + 4)
        self.pool = self.u32(mem + 12)
        self.pool_end = self.u32(mem + 16)
        end = RAM + len(sram)
        for addr in (self.atb, self.pool, self.pool_end):
            if addr is None or not RAM <= addr <= end:
                raise ValueError("not a heap of this firmware (its heap is not in RAM)")
        self.types = {}  # address -> name of the firmware's types
        for name, (addr, _size) in self.syms.items():
            if name.startswith("mp_type_"):
                self.types[addr] = name[8:]
        self._allocations()
        self._qstr_pools(ctx)
        self._edges()
        self._roots()
        self._names()
        self._claim()

    def save(self, path):
        """The SRAM and stack pointer, to load() again."""
        with open(path, "wb") as f:
            f.write(struct.pack("<I", self.sp) + bytes(self.sram))

    @classmethod
    def load(cls, path, elf_path, flash_path=None):
        with open(path, "rb") as f:
            data = f.read()
        if len(data) != 4 + SRAM_BYTES:
            raise ValueError(
                "not a heap snapshot: %d bytes, where a snapshot has %d (the stack "
                "pointer and the SRAM)" % (len(data), 4 + SRAM_BYTES)
            )
        return cls(data[4:], struct.unpack_from("<I", data)[0], elf_path, flash_path)

    def names(self):
        """The names interned at run time (the heap's qstr pools), oldest first."""
        out = []
        for pool in reversed(self.pools):
            if pool not in self.size:
                continue  # the firmware's own, in flash
            first = self.u32(pool + 4) & 0x7FFFFFFF
            for q in range(first, first + self.u32(pool + 12)):
                out.append(self.qstr(q))
        return out

    # ---- memory ----
    def u32(self, addr):
        if RAM <= addr < RAM + len(self.sram) - 3:
            return struct.unpack_from("<I", self.sram, addr - RAM)[0]
        for base, data in self.flash.items():
            if base <= addr < base + len(data) - 3:
                return struct.unpack_from("<I", data, addr - base)[0]
        return None

    def u16(self, addr):
        v = self.u32(addr & ~3)
        if v is None:
            return None
        return (v >> (8 * (addr & 3))) & 0xFFFF if addr & 3 < 3 else None

    def bytes_at(self, addr, n):
        if RAM <= addr < RAM + len(self.sram):
            return bytes(self.sram[addr - RAM : addr - RAM + n])
        for base, data in self.flash.items():
            if base <= addr < base + len(data):
                return bytes(data[addr - base : addr - base + n])
        return b""

    # ---- the GC's blocks ----
    def _state(self, block):
        b = self.sram[self.atb - RAM + (block >> 2)]
        return (b >> (2 * (block & 3))) & 3

    def _allocations(self):
        """self.size {head address: bytes}, in address order."""
        nblocks = min(self.atb_len * 4, (self.pool_end - self.pool) // BLOCK)
        self.size = {}
        k = 0
        while k < nblocks:
            if self._state(k) == HEAD:
                n = 1
                while k + n < nblocks and self._state(k + n) == TAIL:
                    n += 1
                self.size[self.pool + k * BLOCK] = n * BLOCK
                k += n
            else:
                k += 1
        self.used = sum(self.size.values())

    def words(self, addr, nbytes):
        raw = self.bytes_at(addr, nbytes)
        return struct.unpack("<%dI" % (len(raw) // 4), raw[: len(raw) // 4 * 4])

    def _edges(self):
        self.refs = {}
        for a, n in self.size.items():
            self.refs[a] = [w for w in self.words(a, n) if w in self.size and w != a]

    def _roots(self):
        """Heads pointed at from RAM outside the heap (statics, mp_state_ctx, the
        stack from the snapshot's SP up)."""
        heap_lo, heap_hi = self.atb, self.pool_end
        roots = set()
        ram = self.sram
        for off in range(0, len(ram) - 3, 4):
            addr = RAM + off
            if heap_lo <= addr < heap_hi:
                continue
            if 0x20040000 <= addr < self.sp:  # below the stack pointer: stale
                continue
            w = struct.unpack_from("<I", ram, off)[0]
            if w in self.size:
                roots.add(w)
        self.roots = sorted(roots)

    # ---- qstrs ----
    def _qstr_pools(self, ctx):
        """Find MP_STATE_VM(last_pool) near the start of mp_state_ctx: the pointer
        whose chain of pools ends at mp_qstr_const_pool."""
        const = self.syms["mp_qstr_const_pool"][0]
        self.pools = []
        for off in range(0, 64, 4):
            p = self.u32(ctx + off)
            chain = []
            for _ in range(64):
                if p is None or p == 0:
                    break
                chain.append(p)
                if p == const:
                    break
                p = self.u32(p)
            if chain and chain[-1] == const:
                self.pools = chain
                break
        self.qstr_cache = {}

    def qstr(self, q):
        if q in self.qstr_cache:
            return self.qstr_cache[q]
        name = None
        for pool in self.pools:
            total_prev = self.u32(pool + 4) & 0x7FFFFFFF
            length = self.u32(pool + 12)
            if total_prev <= q < total_prev + length:
                i = q - total_prev
                ptr = self.u32(pool + 24 + 4 * i)  # after prev, prev_len, alloc,
                lens = self.u32(pool + 20)  # len, hashes, lengths
                n = self.bytes_at(lens + i, 1)
                n = n[0] if n else 0
                if ptr:
                    name = self.bytes_at(ptr, n).decode("ascii", "replace")
                break
        self.qstr_cache[q] = name
        return name

    def obj_name(self, word):
        """A qstr object's text (MICROPY_OBJ_REPR_A: q << 3 | 2), else None."""
        if word is not None and word & 7 == 2:
            return self.qstr(word >> 3)
        return None

    # ---- names ----
    def type_of(self, a):
        """The allocation's type name, 'Class' instance, or None (raw memory)."""
        w = self.u32(a)
        if w in self.types:
            return self.types[w]
        if w in self.size and self.u32(w) in self.types:
            if self.types[self.u32(w)] == "type":
                name = self.qstr(self.u16(w + 6))
                return "<%s>" % (name or "?")
        return None

    def map_items(self, table, alloc):
        """(key, value) words of an mp_map_t's table."""
        out = []
        n = min(alloc, self.size.get(table, 0) // 8)
        for i in range(n):
            k = self.u32(table + 8 * i)
            v = self.u32(table + 8 * i + 4)
            if k not in (0, 4, None):  # MP_OBJ_NULL and MP_OBJ_SENTINEL
                out.append((k, v))
        return out

    def _label_map(self, owner, table, alloc):
        """Name the values of a map by their qstr keys: 'owner.key'."""
        for k, v in self.map_items(table, alloc):
            key = self.obj_name(k)
            if key is None:
                continue
            for target in (v,):
                if target in self.size and target not in self.label:
                    self.label[target] = "%s.%s" % (owner, key)
                    self.queue.append(target)

    def _names(self):
        """self.label {allocation: path-like name}, from sys.modules outward."""
        self.label = {}
        self.queue = []
        self.modules = {}
        ctx = self.syms["mp_state_ctx"][0]
        # mp_loaded_modules_dict: a dict inside mp_state_ctx; the one whose keys
        # include 'sys' or 'gc' or 'crisscross'.
        best = None
        for off in range(0, 0x300, 4):
            a = ctx + off
            if self.types.get(self.u32(a)) != "dict":
                continue
            alloc = self.u32(a + 8)
            table = self.u32(a + 12)
            if table not in self.size:
                continue
            keys = [self.obj_name(k) for k, _ in self.map_items(table, alloc)]
            if any(k and k.startswith("crisscross") for k in keys) or "pocket" in keys:
                best = (table, alloc)
                break
        if best:
            for k, v in self.map_items(*best):
                name = self.obj_name(k)
                if name and v in self.size:
                    self.modules[v] = name
                    self.label[v] = "module " + name
        for m, name in sorted(self.modules.items(), key=lambda x: x[1]):
            g = self.u32(m + 4)
            if g in self.size:
                self.label[g] = "module %s globals" % name
                self.label.setdefault(
                    self.u32(g + 12), "module %s globals table" % name
                )
                self._label_map(name, self.u32(g + 12), self.u32(g + 8))
        # Anything reached from the roots: its type, then its named members.
        for r in self.roots:
            if r not in self.label:
                t = self.type_of(r)
                self.label[r] = "(root) %s" % (t or "raw")
                self.queue.append(r)
        for a in list(self.label):
            if a not in self.queue:
                self.queue.append(a)
        while self.queue:
            a = self.queue.pop(0)
            t = self.type_of(a)
            owner = self.label[a]
            if t and t.startswith("<"):  # an instance: members by name
                self._label_map(owner, self.u32(a + 12), self.u32(a + 8))
            elif t == "type":  # a class: its locals dict
                pass
            elif t == "dict":
                self._label_map(owner, self.u32(a + 12), self.u32(a + 8))
            for w in self.refs.get(a, ()):
                if w not in self.label:
                    tw = self.type_of(w)
                    self.label[w] = "%s>%s" % (owner, tw or "raw")
                    self.queue.append(w)

    # ---- who owns what ----
    # A module's code: what its module object reaches through code and constants
    # (functions, classes, bytecode, tuples, strings), not its mutable globals.
    CODE_TYPES = (
        "dict",  # a module's globals, a class's locals (never crossed elsewhere)
        "fun_bc",
        "gen_wrap",  # a generator function
        "native_gen_wrap",
        "fun_native",
        "fun_viper",
        "closure",
        "type",
        "tuple",
        "str",
        "bytes",
        "int",
        "classmethod",
        "staticmethod",
        "property",
        "module",
        "fun_builtin_var",
        "cell",
    )

    def _claim(self):
        """self.owner {allocation: 'names' or 'module X'}; the rest is data."""
        owner = {}
        todo = list(self.pools)
        while todo:  # the qstr pools and the chunks of text they point into
            a = todo.pop()
            if a in owner or a not in self.size:
                continue
            owner[a] = "names"
            todo += self.refs.get(a, ())
        self.data_roots = {}  # data allocation -> its name (a module's global)
        for m, name in sorted(self.modules.items(), key=lambda x: x[1]):
            todo = [m]
            while todo:
                a = todo.pop()
                if a in owner:
                    continue
                t = self.type_of(a)
                if a != m and a in self.modules:
                    continue
                if t is not None and t not in self.CODE_TYPES:
                    self.data_roots.setdefault(a, self.label.get(a, name))
                    continue
                if t == "dict" and not self._code_dict(a, m):
                    self.data_roots.setdefault(a, self.label.get(a, name))
                    continue
                owner[a] = "module " + name
                todo += self.refs.get(a, ())
        self.owner = owner
        data = [a for a in self.size if a not in owner]
        succ = {a: [w for w in self.refs[a] if w not in owner] for a in data}
        roots = [r for r in self.roots if r not in owner]
        roots += [a for a in self.data_roots if a not in owner]
        referenced = set()
        for a in owner:
            for w in self.refs[a]:
                if w not in owner:
                    referenced.add(w)
        roots += sorted(referenced)
        seen = set()
        self.droots = [r for r in roots if not (r in seen or seen.add(r))]
        self.idom, self.retained, self.children = dominators(
            self.droots, succ, self.size
        )
        left = [a for a in data if a not in self.idom]
        self.unreached = sum(self.size[a] for a in left)

    def _code_dict(self, a, module):
        """A module's globals or a class's locals dict (code), not a dict of data."""
        label = self.label.get(a, "")
        if label.endswith(" globals"):
            return True
        # A class's locals: referenced from a type object.
        for b in self.size:
            if self.u32(b) in self.types and self.types[self.u32(b)] == "type":
                if a in self.refs[b]:
                    return True
        return False

    def describe(self, a):
        t = self.type_of(a)
        if a in self.modules:
            return "module " + self.modules[a]
        label = self.label.get(a, "?")
        if t and label.endswith(">" + t):
            return label
        return "%s [%s]" % (label, t or "raw")

    # ---- reports ----
    def by_type(self, which=None):
        """{type name: (allocations, bytes)} of `which` allocations (all)."""
        out = {}
        for a in which if which is not None else self.size:
            n = self.size[a]
            t = self.type_of(a) or "raw"
            if t.startswith("<"):
                t = "instance " + t
            c, b = out.get(t, (0, 0))
            out[t] = (c + 1, b + n)
        return out

    def owners(self):
        """{'names' or 'module X': bytes}."""
        out = {}
        for a, o in self.owner.items():
            out[o] = out.get(o, 0) + self.size[a]
        return out

    def data_bytes(self):
        return self.used - sum(self.size[a] for a in self.owner)

    def tree(self, node=0, depth=0, min_bytes=1024, max_depth=4, out=None):
        """Lines of the data's dominator tree from `node`: what holds it."""
        if out is None:
            out = []
        kids = sorted(self.children.get(node, ()), key=lambda n: -self.retained[n])
        small = 0
        for k in kids:
            r = self.retained[k]
            if r < min_bytes or depth >= max_depth:
                small += r
                continue
            out.append("%s%7d  %s" % ("  " * depth, r, self.describe(k)))
            self.tree(k, depth + 1, min_bytes, max_depth, out)
        if small:
            out.append("%s%7d  (each below %d)" % ("  " * depth, small, min_bytes))
        return out

    def report(self, min_bytes=1024, max_depth=3, modules=40):
        lines = ["heap live: %d bytes in %d allocations" % (self.used, len(self.size))]
        own = self.owners()
        mods = sorted((k for k in own if k != "names"), key=lambda k: -own[k])
        lines.append(
            "names (qstr pools): %d; modules' code: %d in %d modules; data: %d"
            % (
                own.get("names", 0),
                sum(own[k] for k in mods),
                len(mods),
                self.data_bytes(),
            )
        )
        lines.append("modules (code, constants, classes; bytes):")
        for k in mods[:modules]:
            lines.append("  %7d  %s" % (own[k], k[7:]))
        rest = sum(own[k] for k in mods[modules:])
        if rest:
            lines.append("  %7d  (%d more)" % (rest, len(mods) - modules))
        lines.append("data (retained bytes, its dominator tree):")
        lines += self.tree(0, 1, min_bytes, max_depth)
        if self.unreached:
            lines.append("  %7d  (unreached from the roots)" % self.unreached)
        lines.append("data by type (allocations, bytes):")
        kinds = self.by_type([a for a in self.size if a not in self.owner])
        for t in sorted(kinds, key=lambda t: -kinds[t][1])[:12]:
            lines.append("  %-32s %6d %7d" % (t, kinds[t][0], kinds[t][1]))
        return lines
