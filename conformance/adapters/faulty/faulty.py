#!/usr/bin/env python3
"""faulty: a gpuref adapter that misbehaves on request, for the runner's fault tests.

Python 3, standard library only. Without options it is a small correct adapter
(docs/adapter-protocol.md): target float:ieee754, no `flags` feature; it answers f32.add,
f32.mul and f64.add in mode round=rne daz=0 ftz=0 (any tininess, quirks=ieee754) with the
exact result (Python float arithmetic; f32 through binary64 is exact for + and x because
binary64 has more than 2p+2 = 50 bits, Figueroa 1995), and `unsupported` for every other
case. It flushes its output after every answer (and at `sync`), so an answer written
before a fault has always reached gpuref.

Greeted with protocol version 2 or later, it speaks version 2 with the `state` feature and
also declares gcn5:gfx900: it answers the state requests of three instructions, worked
from the Vega manual (GCN5 ISA, "SOPP Instructions" and "LDS Instructions"), and
`unsupported` for every other one:

    s_branch SIMM16       PC = PC + 4 + SIMM16 * 4 (SIMM16 signed)
    ds_write_b32 vA, vD [offset:O]   LDS[vA + O] = vD, 4 bytes little-endian, per lane in EXEC
    ds_read_b32 vD, vA [offset:O]    vD = LDS[vA + O], 4 bytes little-endian, per lane in EXEC

(the DS ones only with M0 = 0xffffffff, so the range check never applies, and only when no
two active lanes write overlapping bytes). Greeted with version 1, it answers
`hello<TAB>1` and declares float:ieee754 only.

    python3 conformance/adapters/faulty/faulty.py [OPTIONS]

K below is a case id (f32.add.3c1f0a9e22d1) or a positive integer N, the N-th `case` or
`state` line this process has received (1-based, counted from the process start: a restarted
adapter counts from 1 again). Every K option may be given several times.

    --crash-at K        exit with status 3 when case K arrives, without answering it
    --crash-once-at K   the same, but only the first time, across restarts: before exiting
                        it creates the marker file given by --state; if that file already
                        exists, case K is answered normally (a restarted adapter succeeds
                        on the retry)
    --state FILE        the marker file of --crash-once-at (required with it)
    --hang-at K         stop when case K arrives: sleep forever, reading nothing more
    --garbage-at K      write the line `this is not an answer (K)` instead of the answer,
                        then carry on with the next cases
    --partial-at K      write the first half of the answer line, without its newline,
                        flush, and exit with status 0
    --wrong-id-at K     answer case K with a different id: the case's id with its last
                        character changed (0 -> 1, anything else -> 0)
    --reorder-at K      answer case K after the case that follows it (an out-of-order id);
                        if a `sync` or `bye` comes first, K is answered there, in order
    --bad-state-at K:HOW  answer state request K badly, HOW one of: `notjson` (`ok`, the id
                        and `{not json`), `shape` (`{"v1": 5}`: a number where a state
                        value is a string, array or object), `name` (`{"q7": "0x1"}`: no
                        such register), `extra` (the right answer plus `"s0": "0x1"`, a
                        change the final state does not list), `lanes` (`{"v0": [...]}` with
                        65 lanes: a wave has 64)
    --bad-handshake     answer the handshake with protocol version 99:
                        `hello<TAB>99<TAB>faulty<TAB>float:ieee754<TAB>-`, then serve cases
                        as usual until stdin closes
    --no-handshake      exit with status 1 at once, reading and writing nothing
    --targets TEXT      declare TEXT, as it is (even empty or malformed), as the handshake's
                        TARGETS field
    --slow MS           sleep MS milliseconds before each answer
    --ignore-bye        on `bye` or end of input, do not exit: sleep forever (to test that
                        gpuref kills an adapter that does not leave)

Each fault it commits is logged on stderr as `faulty: ...`, and at start it logs
`faulty: started (pid N)`.

"Sleep forever" (--hang-at, --ignore-bye) ends when the process is killed, or with exit
status 4 when its parent process goes away. gpuref starts adapters through `sh -c`; if it
kills only that shell, a hung adapter would otherwise live on as an orphan.
"""

import argparse
import json
import math
import os
import struct
import sys
import time

NAME = "faulty"
TARGETS = "float:ieee754"
IMPLEMENTED = {"f32.add", "f32.mul", "f64.add"}


def log(message):
    sys.stderr.write(f"{NAME}: {message}\n")
    sys.stderr.flush()


def sleep_forever():
    """Sleep until killed -- or until the parent process is gone, so that a hung faulty
    does not outlive the test that started it when only its parent (`sh -c`) was killed."""
    parent = os.getppid()
    while os.getppid() == parent:
        time.sleep(0.5)
    log("parent process gone; exiting")
    os._exit(4)


# ---------------------------------------------------------------------------------------
# The correct part


def f32_value(bits):
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def f32_bits(x):
    try:
        return struct.unpack("<I", struct.pack("<f", x))[0]
    except OverflowError:  # a finite binary64 value that rounds to infinity in binary32
        return 0xFF800000 if x < 0 else 0x7F800000


def f64_value(bits):
    return struct.unpack("<d", struct.pack("<Q", bits))[0]


def f64_bits(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def compute(asm, a, b):
    if asm == "f64.add":
        return f"d=0x{f64_bits(f64_value(a) + f64_value(b)):016x}"
    x, y = f32_value(a), f32_value(b)
    r = x + y if asm == "f32.add" else x * y
    return f"d=0x{f32_bits(r):08x}"


# The state requests of protocol 2


def sext16(x):
    return x - 0x10000 if x & 0x8000 else x


def lane_value(value, lane):
    """Lane `lane` of a VGPR's state value (one string, an array, an object), default 0."""
    if value is None:
        return 0
    if isinstance(value, str):
        return int(value, 16)
    if isinstance(value, list):
        return int(value[lane], 16) if lane < len(value) else 0
    return int(value.get(str(lane), "0x0"), 16)


def lds_bytes(initial):
    """The LDS bytes of an initial state: address -> byte."""
    out = {}
    for addr, text in initial.get("lds", {}).items():
        a = int(addr, 16)
        for i in range(len(text) // 2):
            out[a + i] = int(text[2 * i:2 * i + 2], 16)
    return out


def ds_operands(asm):
    """(first register, second register, offset) of `ds_xxx vA, vB [offset:O]`."""
    parts = asm.replace(",", " ").split()
    regs = [int(p[1:]) for p in parts[1:3]]
    offset = 0
    for p in parts[3:]:
        if p.startswith("offset:"):
            offset = int(p[len("offset:"):], 0)
        else:
            raise ValueError(f"unknown modifier {p}")
    return regs[0], regs[1], offset


def state_final(case):
    """The final state (what changed) of a state request, or None if not implemented."""
    initial = case["initial"]
    mnemonic = case["asm"].split()[0]
    if case.get("mode"):
        return None
    if mnemonic == "s_branch":
        simm16 = int(case["asm"].split()[1], 0) & 0xFFFF
        pc = int(initial.get("pc", "0x0"), 16)
        return {"pc": f"0x{(pc + 4 + 4 * sext16(simm16)) % (1 << 64):x}"}
    if mnemonic not in ("ds_write_b32", "ds_read_b32"):
        return None
    if int(initial.get("m0", "0x0"), 16) != 0xFFFFFFFF:
        return None
    exec_mask = int(initial.get("exec", "0x0"), 16)
    active = [lane for lane in range(64) if exec_mask >> lane & 1]
    lds = lds_bytes(initial)
    if mnemonic == "ds_write_b32":
        addr_reg, data_reg, offset = ds_operands(case["asm"])
        written = {}
        for lane in active:
            addr = (lane_value(initial.get(f"v{addr_reg}"), lane) + offset) & 0xFFFFFFFF
            data = lane_value(initial.get(f"v{data_reg}"), lane)
            for i in range(4):
                if addr + i in written or addr + i >= 0x10000:
                    return None
                written[addr + i] = data >> (8 * i) & 0xFF
        changed = {f"0x{a:x}": f"{b:02x}" for a, b in written.items() if lds.get(a, 0) != b}
        return {"lds": changed} if changed else {}
    dest_reg, addr_reg, offset = ds_operands(case["asm"])
    lanes = {}
    for lane in active:
        addr = (lane_value(initial.get(f"v{addr_reg}"), lane) + offset) & 0xFFFFFFFF
        if addr + 4 > 0x10000:
            return None
        value = sum(lds.get(addr + i, 0) << (8 * i) for i in range(4))
        lanes[str(lane)] = f"0x{value:x}"
    return {f"v{dest_reg}": lanes} if lanes else {}


def state_answer(case_id, payload, bad):
    """The answer line for a state request; `bad` is a --bad-state-at HOW or None."""
    try:
        case = json.loads(payload)
        final = state_final(case)
    except (ValueError, KeyError, IndexError, TypeError, AttributeError) as e:
        return f"error\t{case_id}\tmalformed state request: {e}"
    if bad == "notjson":
        return f"ok\t{case_id}\t{{not json"
    if bad == "shape":
        return f"ok\t{case_id}\t" + json.dumps({"v1": 5})
    if bad == "name":
        return f"ok\t{case_id}\t" + json.dumps({"q7": "0x1"})
    if bad == "lanes":
        return f"ok\t{case_id}\t" + json.dumps({"v0": ["0x1"] * 65})
    if final is None:
        return f"unsupported\t{case_id}\tfaulty implements only s_branch, ds_write_b32 and ds_read_b32"
    if bad == "extra":
        final["s0"] = "0x1"
    return f"ok\t{case_id}\t" + json.dumps(final)


def answer(fields):
    """The answer line for the five fields of a case line."""
    case_id, words, asm, mode_text, inputs_text = fields
    try:
        mode = dict(t.split("=", 1) for t in mode_text.split())
        inputs = {k: int(v, 16) for k, v in (t.split("=", 1) for t in inputs_text.split())}
    except ValueError as e:
        return f"error\t{case_id}\tmalformed mode or inputs: {e}"
    if words != "-" or asm not in IMPLEMENTED:
        return f"unsupported\t{case_id}\tfaulty implements only f32.add, f32.mul and f64.add"
    unknown = set(mode) - {"round", "daz", "ftz", "tininess", "quirks"}
    if unknown:
        return f"unsupported\t{case_id}\tunknown mode key {', '.join(sorted(unknown))}"
    if (mode.get("round"), mode.get("daz"), mode.get("ftz")) != ("rne", "0", "0") or \
            mode.get("quirks", "ieee754") != "ieee754":
        return f"unsupported\t{case_id}\tonly round=rne daz=0 ftz=0 quirks=ieee754"
    width = 32 if asm.startswith("f32") else 64
    if set(inputs) != {"a", "b"} or any(v >> width for v in inputs.values()):
        return f"error\t{case_id}\texpected inputs a and b of {width} bits"
    return f"ok\t{case_id}\t{compute(asm, inputs['a'], inputs['b'])}\tnone"


# ---------------------------------------------------------------------------------------
# Faults


def parse_args(argv):
    p = argparse.ArgumentParser(prog="faulty.py", description="a misbehaving gpuref adapter")
    for name in ("crash-at", "crash-once-at", "hang-at", "garbage-at", "partial-at",
                 "wrong-id-at", "reorder-at"):
        p.add_argument("--" + name, action="append", default=[], metavar="K")
    p.add_argument("--state", metavar="FILE")
    p.add_argument("--bad-state-at", action="append", default=[], metavar="K:HOW")
    p.add_argument("--bad-handshake", action="store_true")
    p.add_argument("--no-handshake", action="store_true")
    p.add_argument("--targets", metavar="TEXT")
    p.add_argument("--slow", type=int, default=0, metavar="MS")
    p.add_argument("--ignore-bye", action="store_true")
    args = p.parse_args(argv)
    if args.crash_once_at and not args.state:
        p.error("--crash-once-at needs --state FILE")
    for keys in (args.crash_at, args.crash_once_at, args.hang_at, args.garbage_at,
                 args.partial_at, args.wrong_id_at, args.reorder_at):
        for k in keys:
            if k.isdigit() and int(k) == 0:
                p.error("case counts start at 1")
    for k in args.bad_state_at:
        if k.rpartition(":")[2] not in ("notjson", "shape", "name", "extra", "lanes"):
            p.error(f"--bad-state-at {k}: HOW is notjson, shape, name, extra or lanes")
    return args


def hits(keys, case_id, count):
    return any(k == case_id or (k.isdigit() and int(k) == count) for k in keys)


def wrong_id(case_id):
    return case_id[:-1] + ("1" if case_id.endswith("0") else "0")


def main(argv):
    args = parse_args(argv)
    out = sys.stdout.buffer

    def write(text, newline=True):
        out.write(text.encode("utf-8") + (b"\n" if newline else b""))
        out.flush()

    if args.no_handshake:
        log("exiting before the handshake, as asked")
        return 1
    log(f"started (pid {os.getpid()})")
    first = sys.stdin.buffer.readline().decode("utf-8", "replace").rstrip("\r\n")
    if not first.startswith("gpuref-adapter"):
        log(f"expected the handshake, got {first[:100]!r}")
        return 2
    greeting = first.split("\t")
    offered = int(greeting[1]) if len(greeting) > 1 and greeting[1].isdigit() else 1
    if args.bad_handshake:
        log("answering the handshake with protocol version 99, as asked")
        write(f"hello\t99\t{NAME}\t{TARGETS}\t-")
    elif args.targets is not None:
        log(f"declaring TARGETS {args.targets!r}, as asked")
        write(f"hello\t1\t{NAME}\t{args.targets}\t-")
    elif offered >= 2:
        write(f"hello\t2\t{NAME}\t{TARGETS},gcn5:gfx900\tstate")
    else:
        write(f"hello\t1\t{NAME}\t{TARGETS}\t-")

    count = 0
    held = None  # an answer kept back by --reorder-at
    while True:
        raw = sys.stdin.buffer.readline()
        line = raw.decode("utf-8", "replace").rstrip("\r\n")
        if not raw or line == "bye":
            if held:
                write(held)
            if args.ignore_bye:
                log("ignoring bye / end of input, as asked")
                sleep_forever()
            return 0
        if line == "sync":
            if held:
                write(held)
                held = None
            out.flush()
            continue
        fields = line.split("\t")
        if fields[0] not in ("case", "state"):
            continue
        count += 1
        case_id = fields[1] if len(fields) > 1 else ""
        if hits(args.crash_at, case_id, count):
            log(f"crashing at case {count} ({case_id}), as asked")
            os._exit(3)
        if hits(args.crash_once_at, case_id, count) and not os.path.exists(args.state):
            with open(args.state, "w") as f:
                f.write(f"crashed at case {case_id}\n")
            log(f"crashing once at case {count} ({case_id}), as asked")
            os._exit(3)
        if hits(args.hang_at, case_id, count):
            log(f"hanging at case {count} ({case_id}), as asked")
            sleep_forever()
        if args.slow:
            time.sleep(args.slow / 1000)
        if fields[0] == "state":
            bad = next((k.rpartition(":")[2] for k in args.bad_state_at
                        if hits([k.rpartition(":")[0]], case_id, count)), None)
            if bad:
                log(f"answering state request {count} ({case_id}) badly ({bad}), as asked")
            reply = (state_answer(case_id, fields[2], bad) if len(fields) == 3 and case_id
                     else f"error\t{case_id}\tmalformed state line")
        elif len(fields) != 6 or not case_id:
            reply = f"error\t{case_id}\tmalformed case line"
        else:
            reply = answer(fields[1:])
        if hits(args.garbage_at, case_id, count):
            log(f"writing garbage for case {count} ({case_id}), as asked")
            write(f"this is not an answer ({case_id})")
            continue
        if hits(args.partial_at, case_id, count):
            log(f"writing half an answer for case {count} ({case_id}) and exiting, as asked")
            write(reply[: len(reply) // 2], newline=False)
            os._exit(0)
        if hits(args.wrong_id_at, case_id, count):
            log(f"answering case {count} ({case_id}) with a wrong id, as asked")
            reply = reply.replace(case_id, wrong_id(case_id), 1)
        if hits(args.reorder_at, case_id, count):
            log(f"holding back the answer to case {count} ({case_id}), as asked")
            if held:
                write(held)
            held = reply
            continue
        write(reply)
        if held:
            write(held)
            held = None


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except BrokenPipeError:
        sys.exit(1)
