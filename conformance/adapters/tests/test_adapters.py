#!/usr/bin/env python3
"""Hand checks of the example adapters over a pipe, without the gpuref runner.

    python3 conformance/adapters/tests/test_adapters.py        (about 5 seconds)

Needs python3 and a C compiler (`cc`, or $CC) for cref: the cref tests fail with a message
saying so when there is none. cref is built into a temporary directory with
`cc -std=c99 -Wall -Wextra -Werror -O2`, so a warning fails the build test.

Every expected value below is worked out by hand in the comment next to it (not computed
by an adapter or by gpuref). Cases whose bits depend on the host (NaN bits, the x86
`denormal` flag) are marked X86 and skipped, visibly, on other machines.
"""

import json
import os
import platform
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import unittest

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
ADAPTERS = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from driver import Adapter, wait_exit  # noqa: E402

PY = sys.executable or "python3"
PYREF = f"'{PY}' '{os.path.join(ADAPTERS, 'python', 'pyref.py')}'"
FAULTY = f"'{PY}' '{os.path.join(ADAPTERS, 'faulty', 'faulty.py')}'"
CREF_SRC = os.path.join(ADAPTERS, "c", "cref.c")
X86 = platform.machine().lower() in ("x86_64", "amd64")

MODE = {r: f"round={r} daz=0 ftz=0 tininess=after quirks=ieee754"
        for r in ("rne", "rtz", "rup", "rdn")}
ROUNDINGS = ("rne", "rtz", "rup", "rdn")

# ---------------------------------------------------------------------------------------
# Hand-worked cases: (asm, inputs, {rounding: (d, flags)}). Flags are x86's, as cref
# reports them; pyref is checked on the d of round=rne only.

HAND = [
    # 1 + 2^-24 (0x33800000) lies exactly halfway between 1 and 1 + 2^-23: ties-to-even
    # keeps 1 (even last bit), toward zero and down keep 1, up gives 1 + 2^-23.
    ("f32.add", "a=0x3f800000 b=0x33800000", {
        "rne": ("0x3f800000", "inexact"), "rtz": ("0x3f800000", "inexact"),
        "rup": ("0x3f800001", "inexact"), "rdn": ("0x3f800000", "inexact")}),
    # The mirror image: -1 - 2^-24; toward negative infinity goes away from zero.
    ("f32.add", "a=0xbf800000 b=0xb3800000", {
        "rne": ("0xbf800000", "inexact"), "rtz": ("0xbf800000", "inexact"),
        "rup": ("0xbf800000", "inexact"), "rdn": ("0xbf800001", "inexact")}),
    # f64: 1 + 2^-53 (0x3ca0000000000000), the same tie one binade format up.
    ("f64.add", "a=0x3ff0000000000000 b=0x3ca0000000000000", {
        "rne": ("0x3ff0000000000000", "inexact"), "rtz": ("0x3ff0000000000000", "inexact"),
        "rup": ("0x3ff0000000000001", "inexact"), "rdn": ("0x3ff0000000000000", "inexact")}),
    # 1/3 = 1.0101...b x 2^-2: the 23 fraction bits are 0101...010 (0x2aaaaa), the rest
    # 1010...b = 2/3 ulp, so nearest and up round up (0x3eaaaaab), zero and down do not.
    ("f32.div", "a=0x3f800000 b=0x40400000", {
        "rne": ("0x3eaaaaab", "inexact"), "rtz": ("0x3eaaaaaa", "inexact"),
        "rup": ("0x3eaaaaab", "inexact"), "rdn": ("0x3eaaaaaa", "inexact")}),
    # Largest finite x 2 overflows: to infinity for nearest and up, to the largest finite
    # value toward zero and down; overflow and inexact either way.
    ("f32.mul", "a=0x7f7fffff b=0x40000000", {
        "rne": ("0x7f800000", "overflow,inexact"), "rtz": ("0x7f7fffff", "overflow,inexact"),
        "rup": ("0x7f800000", "overflow,inexact"), "rdn": ("0x7f7fffff", "overflow,inexact")}),
    # 1 - 1 is an exact zero: +0, except -0 when rounding toward negative (IEEE 754 6.3).
    ("f32.sub", "a=0x3f800000 b=0x3f800000", {
        "rne": ("0x00000000", "none"), "rtz": ("0x00000000", "none"),
        "rup": ("0x00000000", "none"), "rdn": ("0x80000000", "none")}),
    # 2^-126 x 0.5 = 2^-127 = 0x00400000 exactly: tiny but exact, so no underflow flag.
    ("f32.mul", "a=0x00800000 b=0x3f000000", {
        r: ("0x00400000", "none") for r in ROUNDINGS}),
    # 1 / 0 = +inf with divbyzero, in every direction.
    ("f32.div", "a=0x3f800000 b=0x00000000", {
        r: ("0x7f800000", "divbyzero") for r in ROUNDINGS}),
    # sqrt(2) = 1.41421356237309504880...; 0x3ff6a09e667f3bcd = 1.41421356237309514547...
    # is above it and 0x...bcc below, and the nearest is ...bcd.
    ("f64.sqrt", "a=0x4000000000000000", {
        "rne": ("0x3ff6a09e667f3bcd", "inexact"), "rtz": ("0x3ff6a09e667f3bcc", "inexact"),
        "rup": ("0x3ff6a09e667f3bcd", "inexact"), "rdn": ("0x3ff6a09e667f3bcc", "inexact")}),
    # a = 1 + 2^-12, a*a = 1 + 2^-11 + 2^-24 exactly, c = -(1 + 2^-11): the fused result
    # is exactly 2^-24 (0x33800000) with no flag, in every direction.
    ("f32.fma", "a=0x3f800800 b=0x3f800800 c=0xbf801000", {
        r: ("0x33800000", "none") for r in ROUNDINGS}),
    # (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24 is the midpoint between 0x3f801000 and 0x3f801001;
    # + 2^-70 (0x1c800000) lies just above it: up for nearest and up, down otherwise.
    # (A binary64 intermediate would round to the midpoint and then to even, 0x3f801000.)
    ("f32.fma", "a=0x3f800800 b=0x3f800800 c=0x1c800000", {
        "rne": ("0x3f801001", "inexact"), "rtz": ("0x3f801000", "inexact"),
        "rup": ("0x3f801001", "inexact"), "rdn": ("0x3f801000", "inexact")}),
    # Unfused, a*a rounds first: 2^-24 is half an ulp of 1 + 2^-11 (whose last bit is
    # even), so nearest, zero and down give 1 + 2^-11 and the sum is an exact zero: +0,
    # but -0 when rounding down; up gives 1 + 2^-11 + 2^-23 and the sum 2^-23
    # (0x34000000). Inexact from the product.
    ("f32.mul_add", "a=0x3f800800 b=0x3f800800 c=0xbf801000", {
        "rne": ("0x00000000", "inexact"), "rtz": ("0x00000000", "inexact"),
        "rup": ("0x34000000", "inexact"), "rdn": ("0x80000000", "inexact")}),
    # f64 1 + 2^-24 (fraction bit 28: 0x3ff0000010000000) to f32: the tie of the first case.
    ("cvt.f64.f32", "a=0x3ff0000010000000", {
        "rne": ("0x3f800000", "inexact"), "rtz": ("0x3f800000", "inexact"),
        "rup": ("0x3f800001", "inexact"), "rdn": ("0x3f800000", "inexact")}),
    # 2^128 (0x47f0000000000000) does not fit f32: overflow.
    ("cvt.f64.f32", "a=0x47f0000000000000", {
        "rne": ("0x7f800000", "overflow,inexact"), "rtz": ("0x7f7fffff", "overflow,inexact"),
        "rup": ("0x7f800000", "overflow,inexact"), "rdn": ("0x7f7fffff", "overflow,inexact")}),
    # Widening is exact.
    ("cvt.f32.f64", "a=0x3f800000", {r: ("0x3ff0000000000000", "none") for r in ROUNDINGS}),
    # 2.5 to i32: ties-to-even 2, zero 2, up 3, down 2.
    ("f32.to_i32", "a=0x40200000", {
        "rne": ("0x00000002", "inexact"), "rtz": ("0x00000002", "inexact"),
        "rup": ("0x00000003", "inexact"), "rdn": ("0x00000002", "inexact")}),
    # -2.5 to i32: -2 (0xfffffffe) except down, -3 (0xfffffffd).
    ("f32.to_i32", "a=0xc0200000", {
        "rne": ("0xfffffffe", "inexact"), "rtz": ("0xfffffffe", "inexact"),
        "rup": ("0xfffffffe", "inexact"), "rdn": ("0xfffffffd", "inexact")}),
    # 2^31 - 0.5 to i32: rounds to 2^31 (out of range) under nearest (tie, 2^31 is even)
    # and up; to 2^31 - 1 toward zero and down.
    ("f64.to_i32", "a=0x41dfffffffe00000", {
        "rne": None, "rtz": ("0x7fffffff", "inexact"),
        "rup": None, "rdn": ("0x7fffffff", "inexact")}),
    # -0.25 to u32: rounds to -0 = 0 (valid, inexact) except down, which gives -1.
    ("f64.to_u32", "a=0xbfd0000000000000", {
        "rne": ("0x00000000", "inexact"), "rtz": ("0x00000000", "inexact"),
        "rup": ("0x00000000", "inexact"), "rdn": None}),
    # 2^63 and 2^64 - 2^11 to u64: exact.
    ("f32.to_u64", "a=0x5f000000", {r: ("0x8000000000000000", "none") for r in ROUNDINGS}),
    ("f64.to_u64", "a=0x43efffffffffffff", {
        r: ("0xfffffffffffff800", "none") for r in ROUNDINGS}),
    # 2^63 does not fit i64 (unsupported), -2^63 does.
    ("f64.to_i64", "a=0x43e0000000000000", {r: None for r in ROUNDINGS}),
    ("f64.to_i64", "a=0xc3e0000000000000", {r: ("0x8000000000000000", "none") for r in ROUNDINGS}),
    # 2^31 - 1 to f32: between 2^31 - 128 (0x4effffff) and 2^31 (0x4f000000), nearer 2^31.
    ("f32.from_i32", "a=0x7fffffff", {
        "rne": ("0x4f000000", "inexact"), "rtz": ("0x4effffff", "inexact"),
        "rup": ("0x4f000000", "inexact"), "rdn": ("0x4effffff", "inexact")}),
    # 2^64 - 1 to f32: between 2^64 - 2^40 (0x5f7fffff) and 2^64 (0x5f800000).
    ("f32.from_u64", "a=0xffffffffffffffff", {
        "rne": ("0x5f800000", "inexact"), "rtz": ("0x5f7fffff", "inexact"),
        "rup": ("0x5f800000", "inexact"), "rdn": ("0x5f7fffff", "inexact")}),
    # -2^63 to f64 is exact; the low 16 bits of 0x1ffff are -1 as i16.
    ("f64.from_i64", "a=0x8000000000000000", {
        r: ("0xc3e0000000000000", "none") for r in ROUNDINGS}),
    ("f32.from_i16", "a=0x1ffff", {r: ("0xbf800000", "none") for r in ROUNDINGS}),
    # 2.5 to an integral value: 2 under nearest (even) and zero and down, 3 up;
    # _exact raises inexact, the plain form does not.
    ("f32.round_to_integral", "a=0x40200000", {
        "rne": ("0x40000000", "none"), "rtz": ("0x40000000", "none"),
        "rup": ("0x40400000", "none"), "rdn": ("0x40000000", "none")}),
    ("f32.round_to_integral_exact", "a=0x40200000", {
        "rne": ("0x40000000", "inexact"), "rtz": ("0x40000000", "inexact"),
        "rup": ("0x40400000", "inexact"), "rdn": ("0x40000000", "inexact")}),
    # -0.5: -0 (sign kept) except down, -1 (0xbf800000).
    ("f64.round_to_integral", "a=0xbfe0000000000000", {
        "rne": ("0x8000000000000000", "none"), "rtz": ("0x8000000000000000", "none"),
        "rup": ("0x8000000000000000", "none"), "rdn": ("0xbff0000000000000", "none")}),
]

# Host-dependent (x86-64): NaN bits and the DE (`denormal`) flag.
HAND_X86 = [
    # inf - inf: invalid, x86's default NaN (sign set, quiet bit only).
    ("f32.sub", "a=0x7f800000 b=0x7f800000", {r: ("0xffc00000", "invalid") for r in ROUNDINGS}),
    # sqrt(-1): invalid, default NaN.
    ("f64.sqrt", "a=0xbff0000000000000", {
        r: ("0xfff8000000000000", "invalid") for r in ROUNDINGS}),
    # A signalling NaN operand is returned quieted (bit 22 set), with invalid.
    ("f32.add", "a=0x7f800001 b=0x3f800000", {r: ("0x7fc00001", "invalid") for r in ROUNDINGS}),
    # The smallest subnormal x 0.5 = 2^-150: halfway between 0 and 2^-149; ties-to-even
    # gives 0, up gives 2^-149; underflow and inexact; x86 flags the subnormal operand (DE).
    ("f32.mul", "a=0x00000001 b=0x3f000000", {
        "rne": ("0x00000000", "underflow,inexact,denormal"),
        "rtz": ("0x00000000", "underflow,inexact,denormal"),
        "rup": ("0x00000001", "underflow,inexact,denormal"),
        "rdn": ("0x00000000", "underflow,inexact,denormal")}),
]


def hand_cases(table, roundings=ROUNDINGS):
    """(case line, expected (d, flags) or None for unsupported) for every table entry."""
    out = []
    for n, (asm, inputs, per_mode) in enumerate(table):
        for r in roundings:
            case_id = f"{asm}.{n:04d}{ROUNDINGS.index(r):08x}"
            out.append((f"{case_id}\t-\t{asm}\t{MODE[r]}\t{inputs}", per_mode[r]))
    return out


def flag_set(text):
    return set(text.split(",")) - {"none"}


# ---------------------------------------------------------------------------------------


class ProtocolChecks:
    """Checks every adapter must pass; subclasses set CMD and FEATURES."""

    CMD = None
    NAME = None
    FEATURES = None

    def adapter(self, **kw):
        return Adapter(self.CMD, timeout=10, **kw)

    def test_handshake(self):
        with self.adapter() as ad:
            self.assertEqual(ad.hello, ["hello", "1", self.NAME, "float:ieee754", self.FEATURES])
            self.assertEqual(ad.bye(), 0)

    def test_bad_first_line_exits_without_hello(self):
        with self.adapter(handshake=False) as ad:
            ad.send("hello there")
            self.assertEqual(ad.read_event(timeout=5)[0], "eof")
            self.assertEqual(wait_exit(ad.proc, 5), 2)
            self.assertIn("handshake", ad.stderr_text())

    def test_end_of_input_without_bye_exits(self):
        with self.adapter() as ad:
            ad.proc.stdin.close()
            self.assertEqual(wait_exit(ad.proc, 5), 0)

    def test_answers_each_batch_at_sync_without_closing_stdin(self):
        with self.adapter() as ad:
            for i in range(3):
                ad.send(f"case\tf64.add.{i:012x}\t-\tf64.add\t{MODE['rne']}\t"
                        "a=0x3ff0000000000000 b=0x3ff0000000000000")
                ad.send("sync")
                line = ad.read_line(timeout=5)
                # 1 + 1 = 2 = 0x4000000000000000
                self.assertEqual(line.split("\t")[:3],
                                 ["ok", f"f64.add.{i:012x}", "d=0x4000000000000000"])
            self.assertEqual(ad.bye(), 0)

    def test_many_batches_in_order(self):
        # x + 1 for x = 0..99 in f64: x + 1 exactly.
        def bits(v):
            return struct.unpack("<Q", struct.pack("<d", v))[0]

        cases, expect = [], []
        for i in range(100):
            cases.append(f"f64.add.{i:012x}\t-\tf64.add\t{MODE['rne']}\t"
                         f"a=0x{bits(float(i)):016x} b=0x3ff0000000000000")
            expect.append(bits(float(i + 1)))
        with self.adapter() as ad:
            answers = ad.run(cases, batch=7)
            self.assertEqual(ad.bye(), 0)
        self.assertEqual(len(answers), 100)
        for i, a in enumerate(answers):
            self.assertEqual(a[:2], ["ok", f"f64.add.{i:012x}"], a)
            self.assertEqual(int(a[2].split("=")[1], 16), expect[i])

    def test_malformed_lines(self):
        good = f"case\tf64.add.000000000001\t-\tf64.add\t{MODE['rne']}\t" \
               "a=0x3ff0000000000000 b=0x3ff0000000000000"
        with self.adapter() as ad:
            ad.send("ping")  # not a protocol message: ignored, no answer
            ad.send("")
            ad.send("case\tf32.add.000000000002\t-\tf32.add")  # too few fields
            ad.send("case")  # no id at all
            ad.send(f"case\tf32.add.000000000003\t-\tf32.add\t{MODE['rne']}\ta=0xZZ b=0x0")
            ad.send(f"case\tf32.add.000000000004\t-\tf32.add\t{MODE['rne']}\ta=0x1ffffffff b=0x0")
            ad.send(f"case\tf32.add.000000000005\t-\tf32.add\t{MODE['rne']}\ta=0x3f800000")
            ad.send("case\tf32.add.000000000006\t-\tf32.add\tround=xyz daz=0 ftz=0 "
                    "tininess=after\ta=0x0 b=0x0")
            ad.send(f"case\tf32.add.000000000007\t-\tf32.add\t{MODE['rne']}\ta=0x0 b=0x0 z=0x0")
            ad.send(good)
            ad.send("sync")
            got = [ad.read_line(timeout=5) for _ in range(8)]
            self.assertEqual(ad.bye(), 0)
        kinds = [(g.split("\t")[0], g.split("\t")[1]) for g in got]
        self.assertEqual(kinds, [
            ("error", "f32.add.000000000002"),
            ("error", ""),
            ("error", "f32.add.000000000003"),
            ("error", "f32.add.000000000004"),
            ("error", "f32.add.000000000005"),
            ("error", "f32.add.000000000006"),
            ("error", "f32.add.000000000007"),
            ("ok", "f64.add.000000000001"),
        ], got)
        for g in got:
            self.assertEqual(len(g.split("\t")), 4 if g.startswith("ok") else 3, g)
            self.assertNotEqual(g.split("\t")[-1].strip(), "", g)

    def expect_unsupported(self, case_lines):
        with self.adapter() as ad:
            answers = ad.run(case_lines, batch=4)
            self.assertEqual(ad.bye(), 0)
        for line, a in zip(case_lines, answers):
            self.assertEqual(a[0], "unsupported", (line, a))
            self.assertEqual(a[1], line.split("\t")[0])
            self.assertTrue(len(a) == 3 and len(a[2]) > 10, a)  # a reason is given
        return answers

    def test_unsupported_common(self):
        self.expect_unsupported([
            f"f16.add.000000000001\t-\tf16.add\t{MODE['rne']}\ta=0x3c00 b=0x3c00",
            f"bf16.mul.000000000002\t-\tbf16.mul\t{MODE['rne']}\ta=0x3f80 b=0x3f80",
            f"f32.min_num.000000000003\t-\tf32.min_num\t{MODE['rne']}\ta=0x0 b=0x0",
            f"f32.to_i32_sat.000000000004\t-\tf32.to_i32_sat\t{MODE['rne']}\ta=0x0",
            "f32.add.000000000005\t-\tf32.add\tround=rne daz=1 ftz=0 tininess=after "
            "quirks=ieee754\ta=0x0 b=0x0",
            "f32.add.000000000006\t-\tf32.add\tround=rne daz=0 ftz=1 tininess=after "
            "quirks=ieee754\ta=0x0 b=0x0",
            "f32.add.000000000007\t-\tf32.add\tround=rne daz=0 ftz=0 tininess=after "
            "quirks=amd_gcn5\ta=0x0 b=0x0",
            "f32.add.000000000008\t-\tf32.add\tround=rne daz=0 ftz=0 tininess=after "
            "quirks=ieee754 ieee=1\ta=0x0 b=0x0",
            "v_add_f32.000000000009\t7e000280 3f800000\tv_add_f32 v0, 1.0, v0\t"
            "MODE=0x000000f0\tv0=0x0",
            f"f32.frobnicate.00000000000a\t-\tf32.frobnicate\t{MODE['rne']}\ta=0x0",
            f"cvt.f32.f16.00000000000b\t-\tcvt.f32.f16\t{MODE['rne']}\ta=0x0",
        ])


class PyrefTest(ProtocolChecks, unittest.TestCase):
    CMD = PYREF
    NAME = "pyref"
    FEATURES = "-"

    def run_hand(self, table, at_least):
        cases = [c for c in hand_cases(table, ("rne",)) if c[1] is not None]
        with self.adapter() as ad:
            answers = ad.run([c for c, _ in cases], batch=5)
            self.assertEqual(ad.bye(), 0)
        checked = 0
        for (line, (d, _flags)), a in zip(cases, answers):
            asm = line.split("\t")[2]
            if asm.split(".")[-1] not in ("add", "sub", "mul", "div", "sqrt", "fma") \
                    and not asm.startswith("cvt."):
                self.assertEqual(a[0], "unsupported", (line, a))
                continue
            self.assertEqual(a[:3], ["ok", line.split("\t")[0], f"d={d}"], line)
            self.assertEqual(a[3], "none")  # no flags feature: the field says nothing
            checked += 1
        self.assertGreaterEqual(checked, at_least)

    def test_hand_cases_rne(self):
        self.run_hand(HAND, at_least=14)

    @unittest.skipUnless(X86, "NaN bits are the host's; expectations are x86-64's")
    def test_hand_cases_rne_x86(self):
        self.run_hand(HAND_X86, at_least=4)

    def test_fma_exact(self):
        # f64: a = 1 + 2^-52, b = 1 - 2^-52 (0x3feffffffffffffe): a*b = 1 - 2^-104; with
        # c = -1 the fused result is -2^-104 = 0xb970000000000000 exactly (biased exponent
        # 1023 - 104 = 0x397); unfused it would be 0.
        # f32: 2^-149 (smallest subnormal) x 0.5 + 0 = 2^-150: a tie between +0 and 2^-149
        # in the subnormal range, to even: +0.
        # f32: -1 x 0 + -0 = (-0) + (-0) = -0.   1 x 1 + -inf = -inf.
        # f32: 2^127 x 2 + 0 = 2^128: overflow, +inf.
        # f32: 2^127 x 2 - 2^103 (0xf3000000) = 2^128 - 2^103, the midpoint between the
        # largest finite value 2^128 - 2^104 (odd significand) and 2^128: to even, +inf;
        # with c = -(2^103 + 2^80) (0xf3000001) it is just below the midpoint: 0x7f7fffff.
        # f32: (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24, the midpoint between 0x3f801000 and
        # 0x3f801001; c = 2^-70 (0x1c800000) puts the exact sum just above it: 0x3f801001.
        # (Rounding to binary64 first would land on the midpoint, then to even: 0x3f801000.)
        cases = [
            ("f64.fma", "a=0x3ff0000000000001 b=0x3feffffffffffffe c=0xbff0000000000000",
             "0xb970000000000000"),
            ("f32.fma", "a=0x00000001 b=0x3f000000 c=0x00000000", "0x00000000"),
            ("f32.fma", "a=0xbf800000 b=0x00000000 c=0x80000000", "0x80000000"),
            ("f32.fma", "a=0x3f800000 b=0x3f800000 c=0xff800000", "0xff800000"),
            ("f32.fma", "a=0x7f000000 b=0x40000000 c=0x00000000", "0x7f800000"),
            ("f32.fma", "a=0x7f000000 b=0x40000000 c=0xf3000000", "0x7f800000"),
            ("f32.fma", "a=0x7f000000 b=0x40000000 c=0xf3000001", "0x7f7fffff"),
            ("f32.fma", "a=0x3f800800 b=0x3f800800 c=0x1c800000", "0x3f801001"),
        ]
        lines = [f"{asm}.{i:012x}\t-\t{asm}\t{MODE['rne']}\t{inp}" for i, (asm, inp, _) in
                 enumerate(cases)]
        with self.adapter() as ad:
            answers = ad.run(lines)
            ad.bye()
        for (asm, inp, d), a in zip(cases, answers):
            self.assertEqual(a[:3], ["ok", a[1], f"d={d}"], (asm, inp, a))
        with self.adapter() as ad:
            nan = ad.run([f"f32.fma.{0:012x}\t-\tf32.fma\t{MODE['rne']}\t"
                          "a=0x7f800000 b=0x00000000 c=0x3f800000"])[0]
            ad.bye()
        d = int(nan[2].split("=")[1], 16)
        self.assertTrue(d & 0x7f800000 == 0x7f800000 and d & 0x7fffff, nan)

    def test_rne_only_but_any_tininess(self):
        answers = self.expect_unsupported([
            f"f32.add.{i:012x}\t-\tf32.add\t{MODE[r]}\ta=0x0 b=0x0"
            for i, r in enumerate(("rtz", "rup", "rdn"))] + [
            f"f32.to_i32.{9:012x}\t-\tf32.to_i32\t{MODE['rne']}\ta=0x0",
            f"f32.from_u32.{10:012x}\t-\tf32.from_u32\t{MODE['rne']}\ta=0x0",
        ])
        self.assertIn("rne", answers[0][2])
        with self.adapter() as ad:
            a = ad.run(["f32.add.000000000001\t-\tf32.add\tround=rne daz=0 ftz=0 "
                        "tininess=before quirks=ieee754\ta=0x3f800000 b=0x3f800000"])[0]
            ad.bye()
        self.assertEqual(a[:3], ["ok", "f32.add.000000000001", "d=0x40000000"])


class CrefTest(ProtocolChecks, unittest.TestCase):
    NAME = "cref"
    FEATURES = "flags"

    @classmethod
    def setUpClass(cls):
        cc = os.environ.get("CC", "cc")
        if shutil.which(cc) is None:
            raise AssertionError(
                f"no C compiler '{cc}' to build cref: install one (Debian: apt-get install "
                "gcc) or set CC")
        cls.tmp = tempfile.mkdtemp(prefix="cref-test-")
        exe = os.path.join(cls.tmp, "cref")
        build = subprocess.run(
            [cc, "-std=c99", "-Wall", "-Wextra", "-Werror", "-O2", "-o", exe, CREF_SRC, "-lm"],
            capture_output=True, text=True)
        cls.build_output = build.stdout + build.stderr
        if build.returncode != 0:
            raise AssertionError("cref does not build warning-free:\n" + cls.build_output)
        cls.CMD = f"'{exe}'"

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def run_hand(self, table):
        cases = hand_cases(table)
        with self.adapter() as ad:
            answers = ad.run([c for c, _ in cases], batch=9)
            self.assertEqual(ad.bye(), 0)
        failures = []
        for (line, want), a in zip(cases, answers):
            f = line.split("\t")
            if want is None:
                ok = a[0] == "unsupported" and a[1] == f[0]
            else:
                ok = a[:3] == ["ok", f[0], f"d={want[0]}"] and \
                    flag_set(a[3]) == flag_set(want[1])
            if not ok:
                failures.append(f"{f[2]} {f[3].split()[0]} {f[4]}: expected "
                                f"{want or 'unsupported'}, got {a}")
        self.assertEqual(failures, [])
        return len(cases)

    def test_builds_warning_free(self):
        self.assertEqual(self.build_output.strip(), "")

    def test_hand_cases_all_roundings(self):
        self.assertGreater(self.run_hand(HAND), 100)

    @unittest.skipUnless(X86, "NaN bits and the denormal flag are x86-64's")
    def test_hand_cases_x86(self):
        self.run_hand(HAND_X86)

    def test_tininess_before_unsupported_on_x86(self):
        if not X86:
            self.skipTest("x86 detects tininess after rounding; other hosts may not")
        a = self.expect_unsupported([
            "f32.add.000000000001\t-\tf32.add\tround=rne daz=0 ftz=0 tininess=before "
            "quirks=ieee754\ta=0x0 b=0x0"])
        self.assertIn("tininess", a[0][2])

    def test_out_of_range_conversions_unsupported(self):
        a = self.expect_unsupported([
            f"f32.to_i32.000000000001\t-\tf32.to_i32\t{MODE['rne']}\ta=0x7fc00000",  # NaN
            f"f32.to_u64.000000000002\t-\tf32.to_u64\t{MODE['rne']}\ta=0x7f800000",  # inf
            f"f64.to_u64.000000000003\t-\tf64.to_u64\t{MODE['rne']}\ta=0x43f0000000000000",
            f"f32.to_i16.000000000004\t-\tf32.to_i16\t{MODE['rne']}\ta=0x47000000",  # 32768
            f"f32.to_u16.000000000005\t-\tf32.to_u16\t{MODE['rdn']}\ta=0xbe800000",  # -0.25
        ])
        self.assertIn("unspecified", a[0][2])


class FaultyTest(unittest.TestCase):
    """Each fault of faulty.py, seen from the protocol's side."""

    ADD = "f32.add.{:012x}\t-\tf32.add\t" + MODE["rne"] + "\ta=0x3f800000 b=0x3f800000"

    def start(self, opts, **kw):
        return Adapter(FAULTY + " " + opts, timeout=5, **kw)

    def send_cases(self, ad, n):
        for i in range(1, n + 1):
            ad.send("case\t" + self.ADD.format(i))
        ad.send("sync")

    def test_correct_without_options(self):
        with self.start("") as ad:
            self.assertEqual(ad.hello, ["hello", "1", "faulty", "float:ieee754", "-"])
            a = ad.run([self.ADD.format(1),
                        f"f32.mul.{2:012x}\t-\tf32.mul\t{MODE['rne']}\ta=0x40400000 b=0x3eaaaaab",
                        f"f64.add.{3:012x}\t-\tf64.add\t{MODE['rne']}\t"
                        "a=0x3ff0000000000000 b=0x3ca0000000000000",
                        f"f32.add.{4:012x}\t-\tf32.add\t{MODE['rtz']}\ta=0x0 b=0x0",
                        f"f32.div.{5:012x}\t-\tf32.div\t{MODE['rne']}\ta=0x0 b=0x0"])
            self.assertEqual(ad.bye(), 0)
        self.assertEqual(a[0], ["ok", "f32.add.000000000001", "d=0x40000000", "none"])
        # 0x3eaaaaab = 0xaaaaab x 2^-25; times 3 = (2^25 + 1) x 2^-25 = 1 + 2^-25, less
        # than half an ulp (2^-24) above 1: the result is 1.0.
        self.assertEqual(a[1][:3], ["ok", "f32.mul.000000000002", "d=0x3f800000"])
        self.assertEqual(a[2][:3], ["ok", "f64.add.000000000003", "d=0x3ff0000000000000"])
        self.assertEqual(a[3][0], "unsupported")
        self.assertEqual(a[4][0], "unsupported")

    def test_crash_at_count(self):
        with self.start("--crash-at 3") as ad:
            self.send_cases(ad, 5)
            self.assertEqual(ad.read_line().split("\t")[1], "f32.add.000000000001")
            self.assertEqual(ad.read_line().split("\t")[1], "f32.add.000000000002")
            self.assertEqual(ad.read_event()[0], "eof")
            self.assertEqual(wait_exit(ad.proc, 5), 3)
            self.assertIn("crashing at case 3", ad.stderr_text())

    def test_crash_at_id(self):
        with self.start("--crash-at f32.add.000000000002") as ad:
            self.send_cases(ad, 3)
            self.assertEqual(ad.read_line().split("\t")[1], "f32.add.000000000001")
            self.assertEqual(ad.read_event()[0], "eof")
            self.assertEqual(wait_exit(ad.proc, 5), 3)

    def test_crash_once_then_succeed(self):
        with tempfile.TemporaryDirectory() as tmp:
            state = os.path.join(tmp, "marker")
            opts = f"--crash-once-at 2 --state '{state}'"
            with self.start(opts) as ad:
                self.send_cases(ad, 2)
                self.assertEqual(ad.read_line().split("\t")[1], "f32.add.000000000001")
                self.assertEqual(ad.read_event()[0], "eof")
                self.assertEqual(wait_exit(ad.proc, 5), 3)
            self.assertTrue(os.path.exists(state))
            with self.start(opts) as ad:  # the restart: no crash any more
                self.send_cases(ad, 3)
                ids = [ad.read_line().split("\t")[1] for _ in range(3)]
                self.assertEqual(ids, [f"f32.add.{i:012x}" for i in (1, 2, 3)])
                self.assertEqual(ad.bye(), 0)

    def test_hang_at(self):
        with self.start("--hang-at 2") as ad:
            self.send_cases(ad, 3)
            self.assertEqual(ad.read_line().split("\t")[1], "f32.add.000000000001")
            self.assertEqual(ad.read_event(timeout=1.5)[0], "timeout")
            self.assertIsNone(ad.proc.poll())  # still running: the runner must kill it

    def test_garbage_at(self):
        with self.start("--garbage-at 2") as ad:
            self.send_cases(ad, 3)
            got = [ad.read_line() for _ in range(3)]
            self.assertEqual(got[1], "this is not an answer (f32.add.000000000002)")
            self.assertEqual(got[2].split("\t")[1], "f32.add.000000000003")
            self.assertEqual(ad.bye(), 0)

    def test_partial_at(self):
        with self.start("--partial-at 2") as ad:
            self.send_cases(ad, 3)
            self.assertEqual(ad.read_line().split("\t")[1], "f32.add.000000000001")
            kind, text = ad.read_event()
            self.assertEqual(kind, "partial")
            self.assertTrue("ok\tf32.add.000000000002\td=0x40000000\tnone".startswith(text))
            self.assertEqual(ad.read_event()[0], "eof")
            self.assertEqual(wait_exit(ad.proc, 5), 0)

    def test_wrong_id_at(self):
        with self.start("--wrong-id-at f32.add.000000000002") as ad:
            self.send_cases(ad, 3)
            ids = [ad.read_line().split("\t")[1] for _ in range(3)]
            self.assertEqual(ids, ["f32.add.000000000001", "f32.add.000000000000",
                                   "f32.add.000000000003"])

    def test_reorder_at(self):
        with self.start("--reorder-at 1") as ad:
            self.send_cases(ad, 3)
            ids = [ad.read_line().split("\t")[1] for _ in range(3)]
            self.assertEqual(ids, ["f32.add.000000000002", "f32.add.000000000001",
                                   "f32.add.000000000003"])

    STATE = [
        # S_BRANCH 3 at PC 0x100: PC = PC + 4 + SIMM16 * 4 = 0x110 (Vega, SOPP).
        ("s_branch.1", '{"id": "s_branch.1", "words": ["bf820003"], "asm": "s_branch 3", '
         '"mode": {}, "initial": {"pc": "0x100"}}'),
        # S_BRANCH -1 at PC 0x100: 0x100 + 4 - 4 = 0x100.
        ("s_branch.2", '{"id": "s_branch.2", "words": ["bf82ffff"], "asm": "s_branch -1", '
         '"mode": {}, "initial": {"pc": "0x100"}}'),
        # DS_WRITE_B32, EXEC = 3: lane 0 writes 0x11223344 at 0x10 + 4, lane 1 0x55 at
        # 0x20 + 4, little-endian; the three zero bytes of 0x55 change nothing.
        ("ds.1", '{"id": "ds.1", "words": ["d81a0004", "00000201"], '
         '"asm": "ds_write_b32 v1, v2 offset:4", "mode": {}, "initial": {"exec": "0x3", '
         '"m0": "0xffffffff", "v1": {"0": "0x10", "1": "0x20"}, '
         '"v2": {"0": "0x11223344", "1": "0x55"}}}'),
        ("nop.1", '{"id": "nop.1", "words": ["bf800000"], "asm": "s_nop 0", "mode": {}, '
         '"initial": {}}'),
    ]

    def send_state(self, ad):
        ad.send("target\tgcn5:gfx900")
        for case_id, payload in self.STATE:
            ad.send(f"state\t{case_id}\t{payload}")
        ad.send("sync")
        return [ad.read_line().split("\t") for _ in self.STATE]

    def test_protocol_2_state_requests(self):
        with self.start("", version=2) as ad:
            self.assertEqual(ad.hello, ["hello", "2", "faulty", "float:ieee754,gcn5:gfx900",
                                        "state"])
            a = self.send_state(ad)
            self.assertEqual(ad.bye(), 0)
        self.assertEqual(a[0][:2], ["ok", "s_branch.1"])
        self.assertEqual(json.loads(a[0][2]), {"pc": "0x110"})
        self.assertEqual(json.loads(a[1][2]), {"pc": "0x100"})
        self.assertEqual(json.loads(a[2][2]), {"lds": {
            "0x14": "44", "0x15": "33", "0x16": "22", "0x17": "11", "0x24": "55"}})
        self.assertEqual(a[3][:2], ["unsupported", "nop.1"])

    def test_bad_state_at(self):
        for how, want in [("name", {"q7": "0x1"}), ("shape", {"v1": 5}),
                          ("extra", {"pc": "0x110", "s0": "0x1"})]:
            with self.start(f"--bad-state-at s_branch.1:{how}", version=2) as ad:
                a = self.send_state(ad)
            self.assertEqual(json.loads(a[0][2]), want, how)
            self.assertEqual(json.loads(a[1][2]), {"pc": "0x100"}, how)
        with self.start("--bad-state-at 1:notjson", version=2) as ad:
            a = self.send_state(ad)
        self.assertEqual(a[0], ["ok", "s_branch.1", "{not json"])

    def test_protocol_1_greeting_keeps_version_1(self):
        with self.start("", version=1) as ad:
            self.assertEqual(ad.hello, ["hello", "1", "faulty", "float:ieee754", "-"])

    def test_bad_handshake(self):
        with self.start("--bad-handshake") as ad:
            self.assertEqual(ad.hello[:2], ["hello", "99"])

    def test_no_handshake(self):
        with self.start("--no-handshake", handshake=False) as ad:
            self.assertEqual(ad.read_event()[0], "eof")
            self.assertEqual(wait_exit(ad.proc, 5), 1)

    def test_slow(self):
        with self.start("--slow 400") as ad:
            t0 = time.monotonic()
            self.send_cases(ad, 2)
            ad.read_line()
            ad.read_line()
            self.assertGreaterEqual(time.monotonic() - t0, 0.8)

    def test_ignore_bye(self):
        with self.start("--ignore-bye") as ad:
            ad.send("bye")
            ad.proc.stdin.close()
            self.assertIsNone(wait_exit(ad.proc, 1.0))


if __name__ == "__main__":
    unittest.main(verbosity=2)
