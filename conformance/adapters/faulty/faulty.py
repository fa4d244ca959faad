#!/usr/bin/env python3
"""faulty: a gpuref adapter that misbehaves on request, for the runner's fault tests.

Python 3, standard library only. Without options it is a small correct adapter
(docs/adapter-protocol.md): target float:ieee754, no `flags` feature; it answers f32.add,
f32.mul and f64.add in mode round=rne daz=0 ftz=0 (any tininess, quirks=ieee754) with the
exact result (Python float arithmetic; f32 through binary64 is exact for + and x because
binary64 has more than 2p+2 = 50 bits, Figueroa 1995), and `unsupported` for every other
case. It flushes its output after every answer (and at `sync`), so an answer written
before a fault has always reached gpuref.

    python3 conformance/adapters/faulty/faulty.py [OPTIONS]

K below is a case id (f32.add.3c1f0a9e22d1) or a positive integer N, the N-th `case`
line this process has received (1-based, counted from the process start: a restarted
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
    --bad-handshake     answer the handshake with protocol version 2:
                        `hello<TAB>2<TAB>faulty<TAB>float:ieee754<TAB>-`, then serve cases
                        as usual until stdin closes
    --no-handshake      exit with status 1 at once, reading and writing nothing
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
    p.add_argument("--bad-handshake", action="store_true")
    p.add_argument("--no-handshake", action="store_true")
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
    if args.bad_handshake:
        log("answering the handshake with protocol version 2, as asked")
        write(f"hello\t2\t{NAME}\t{TARGETS}\t-")
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
        if fields[0] != "case":
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
        if len(fields) != 6 or not case_id:
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
