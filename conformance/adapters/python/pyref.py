#!/usr/bin/env python3
"""pyref: a deliberately partial gpuref adapter, Python 3, standard library only.

Run it from the repository root:

    gpuref run --adapter 'python3 conformance/adapters/python/pyref.py'

The protocol is docs/adapter-protocol.md; operation names, mode keys and value layout are
docs/vector-format.md ("Operations of ISA float", "Mode keys for ISA float").

What it implements -- target float:ieee754, mode round=rne daz=0 ftz=0 only:

    f32/f64 add sub mul div sqrt   Python float arithmetic (binary64, roundTiesToEven)
    f32/f64 fma                    exact with fractions.Fraction, rounded once (round_rne)
    cvt.f32.f64, cvt.f64.f32       the host's binary32 <-> binary64 conversion (struct)

Everything else (f16, bf16, other operations, other rounding directions, daz=1, ftz=1,
quirks other than ieee754, cases with encoding words) is answered `unsupported` with the
reason. Both tininess values are accepted: tininess only decides the underflow flag when
ftz=0, and pyref reports no flags.

f32 through binary64. f32 operands are widened to binary64 exactly, the operation is done
once in binary64 (round to nearest even) and the result is rounded to binary32. For +, -,
x, / and sqrt this double rounding gives the correctly rounded binary32 result, because
binary64 carries at least 2p+2 = 50 significand bits for binary32's p = 24 (S. A. Figueroa,
"When is double rounding innocuous?", ACM SIGNUM Newsletter 30(3), 1995; proved with
underflow and overflow included by P. Roux, "Innocuous double rounding of basic arithmetic
operations", Journal of Formalized Reasoning 7(1), 2014). It does not hold for fma, which
is why fma is computed exactly with Fraction instead.

Flags: none. Python cannot read the floating-point status flags, so the adapter does not
declare the `flags` feature; gpuref then compares values only. The FLAGS field of every
answer is `none` and means nothing.

NaN results are the host's, not gpuref's: Python floats are C doubles, so a NaN result is
whatever the host's double arithmetic and conversions produce. Measured on x86-64 with
CPython 3.11 against gpuref's ieee754 baseline (default NaN 0xfff8000000000000 /
0xffc00000, the first NaN operand quieted):
  - invalid operations, a single NaN operand, f32 NaNs through binary64 and back (quieted,
    payload kept by the hardware conversions): the same bits;
  - add and mul with two NaN operands: CPython's C code for a + b and a * b (float_add,
    float_mul) is compiled with the operands swapped, so the second NaN comes back, where
    gpuref returns the first: mismatches (sub and div keep the order);
  - x / 0, sqrt of a negative number and every NaN case of fma are written out here
    (Python raises exceptions or has no fma): an invalid result is the NaN the host gives
    for inf - inf, a NaN operand is quieted by the host (x + 0.0), and fma returns the
    first NaN of a, b, c;
  - on other hosts (ARM: default NaN 0x7ff8000000000000; RISC-V: no NaN propagation) the
    invalid and NaN cases differ more widely.
That is the point of a partial example: the report shows these as mismatches, with bits
(with `gpuref run --strict`; without it, the vectors accept any NaN where gpuref leaves
the choice of NaN open).

Robustness: a case line that cannot be parsed is answered `error` for its id (with an
empty id when none can be read, which gpuref reports as a protocol error quoting the
message); any exception while computing a case becomes `error` for that case only.
Answers are buffered and flushed at every `sync` and at `bye`.
"""

import math
import operator
import re
import struct
import sys
from fractions import Fraction

NAME = "pyref"
TARGETS = "float:ieee754"
FEATURES = "-"  # no `flags`: Python cannot observe the floating-point status flags

# Float formats: (exponent bits, stored fraction bits).
FORMATS = {"f32": (8, 23), "f64": (11, 52)}
KNOWN_FORMATS = ("f16", "bf16", "f32", "f64")
INT_TYPES = ("i16", "u16", "i32", "u32", "i64", "u64")

# The ISA float operations of docs/vector-format.md, so that an operation pyref does not
# implement is told apart from a name it does not know.
FLOAT_OPS = {
    "add", "sub", "mul", "div", "fma", "mul_add", "sqrt",
    "round_to_integral", "round_to_integral_exact",
    "min_num", "max_num", "minimum", "maximum", "minimum_number", "maximum_number",
}
for _t in INT_TYPES:
    FLOAT_OPS.update({"to_" + _t, "to_" + _t + "_sat", "from_" + _t})

IMPLEMENTED = {"add": 2, "sub": 2, "mul": 2, "div": 2, "sqrt": 1, "fma": 3}
OPERANDS = ("a", "b", "c")

INF = float("inf")
HOST_DEFAULT_NAN = INF - INF  # the NaN this host's hardware makes for an invalid operation

MODE_VALUES = {
    "round": ("rne", "rtz", "rup", "rdn"),
    "daz": ("0", "1"),
    "ftz": ("0", "1"),
    "tininess": ("before", "after"),
    "quirks": None,  # any value is well-formed; only ieee754 is supported
}
REQUIRED_MODE_KEYS = ("round", "daz", "ftz", "tininess")

HEX_RE = re.compile(r"0[xX][0-9a-fA-F]+\Z")
NAME_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_\[\]:]*\Z")


class CaseError(Exception):
    """The case line is malformed: answered `error`."""


class Unsupported(Exception):
    """pyref does not implement the case: answered `unsupported`."""


# ---------------------------------------------------------------------------------------
# Bits <-> Python floats


def f64_of_bits(bits):
    return struct.unpack("<d", struct.pack("<Q", bits))[0]


def bits_of_f64(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def f32_of_bits(bits):
    # The C cast float -> double: exact for numbers; the host quiets a signalling NaN.
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def bits_of_f32(x):
    # The C cast double -> float, which rounds to nearest even (the host's default mode).
    # struct refuses a finite double that rounds to infinity; that result is infinity.
    try:
        return struct.unpack("<I", struct.pack("<f", x))[0]
    except OverflowError:
        return 0xFF800000 if x < 0 else 0x7F800000


def to_float(fmt, bits):
    return f32_of_bits(bits) if fmt == "f32" else f64_of_bits(bits)


def to_bits(fmt, x):
    return bits_of_f32(x) if fmt == "f32" else bits_of_f64(x)


def quiet(x):
    """A NaN operand as the host's arithmetic returns it (quieted)."""
    return operator.add(x, 0.0)


# ---------------------------------------------------------------------------------------
# Exact rounding of a rational (fma)


def round_rne(q, fmt):
    """Bits of the nonzero rational q rounded to nearest even in format fmt."""
    ebits, fbits = FORMATS[fmt]
    p = fbits + 1
    bias = (1 << (ebits - 1)) - 1
    emin = 1 - bias
    sign = (1 << (ebits + fbits)) if q < 0 else 0
    m = abs(q)
    # e = floor(log2(m)), from the bit lengths, corrected by one step at most.
    e = m.numerator.bit_length() - m.denominator.bit_length()
    if m < Fraction(2) ** e:
        e -= 1
    quantum = max(e, emin) - p + 1  # exponent of the last significand bit kept
    n = round(m / Fraction(2) ** quantum)  # Fraction.__round__ rounds half to even
    if n == 1 << p:  # carried into the next binade
        n >>= 1
        quantum += 1
    if n < 1 << fbits:  # subnormal (or zero after rounding)
        return sign | n
    biased = quantum + fbits + bias
    if biased >= (1 << ebits) - 1:  # overflow: round to nearest gives infinity
        return sign | (((1 << ebits) - 1) << fbits)
    return sign | (biased << fbits) | (n - (1 << fbits))


def fma(fmt, a, b, c):
    """a * b + c with one rounding, in format fmt, on host floats holding fmt values."""
    for x in (a, b, c):
        if math.isnan(x):
            return to_bits(fmt, quiet(x))
    ab_zero = a == 0 or b == 0
    ab_inf = math.isinf(a) or math.isinf(b)
    if ab_inf and ab_zero:
        return to_bits(fmt, HOST_DEFAULT_NAN)
    ab_neg = (math.copysign(1.0, a) < 0) != (math.copysign(1.0, b) < 0)
    if ab_inf:
        if math.isinf(c) and (c < 0) != ab_neg:
            return to_bits(fmt, HOST_DEFAULT_NAN)
        return to_bits(fmt, -INF if ab_neg else INF)
    if math.isinf(c):
        return to_bits(fmt, c)
    exact = Fraction(a) * Fraction(b) + Fraction(c)
    if exact != 0:
        return round_rne(exact, fmt)
    # An exact zero: the sign of a sum of two zeros of the same sign, else +0 (RNE).
    c_neg = math.copysign(1.0, c) < 0
    if ab_zero and c == 0 and ab_neg and c_neg:
        return to_bits(fmt, -0.0)
    return to_bits(fmt, 0.0)


# ---------------------------------------------------------------------------------------
# Operations


def binary_op(op, a, b):
    # operator.add and friends always run CPython's float_add etc. (floatobject.c); the
    # `a + b` syntax may run a specialised bytecode instead once the interpreter has warmed
    # up (CPython 3.11+), compiled with the operands the other way round, so that with two
    # NaN operands the answer would depend on how many cases came before.
    if op == "add":
        return operator.add(a, b)
    if op == "sub":
        return operator.sub(a, b)
    if op == "mul":
        return operator.mul(a, b)
    # div: Python raises ZeroDivisionError for a zero divisor; give the IEEE result.
    if b == 0:
        if math.isnan(a):
            return quiet(a)
        if a == 0:
            return HOST_DEFAULT_NAN
        neg = (math.copysign(1.0, a) < 0) != (math.copysign(1.0, b) < 0)
        return -INF if neg else INF
    return operator.truediv(a, b)


def sqrt(a):
    if math.isnan(a):
        return quiet(a)
    if a < 0:  # math.sqrt raises ValueError; -0.0 is not < 0 and gives -0.0
        return HOST_DEFAULT_NAN
    return math.sqrt(a)


def evaluate(fmt, op, inputs):
    """Result bits of fmt.op on the operand bits `inputs` (a list)."""
    xs = [to_float(fmt, v) for v in inputs]
    if op == "fma":
        return fma(fmt, *xs)
    if op == "sqrt":
        return to_bits(fmt, sqrt(xs[0]))
    # f32: the binary64 result is rounded once more, innocuously (see the header).
    return to_bits(fmt, binary_op(op, xs[0], xs[1]))


def convert(src, dst, bits):
    return to_bits(dst, to_float(src, bits))


# ---------------------------------------------------------------------------------------
# Case lines


def parse_pairs(text, what):
    """`k=v k=v` -> list of (k, v); CaseError when malformed."""
    pairs = []
    for token in text.split(" "):
        if token == "":
            continue  # tolerate doubled spaces
        key, eq, value = token.partition("=")
        if not eq or not key or not value:
            raise CaseError(f"malformed {what} {token!r}: expected key=value")
        if any(k == key for k, _ in pairs):
            raise CaseError(f"{what} {key!r} given twice")
        pairs.append((key, value))
    return pairs


def parse_mode(text):
    mode = {}
    for key, value in parse_pairs(text, "mode entry"):
        allowed = MODE_VALUES.get(key, ())
        if allowed and value not in allowed:
            raise CaseError(f"bad mode value {key}={value}")
        mode[key] = value
    missing = [k for k in REQUIRED_MODE_KEYS if k not in mode]
    if missing:
        raise CaseError("mode lacks " + ", ".join(missing))
    return mode


def parse_inputs(text):
    inputs = {}
    for name, value in parse_pairs(text, "input"):
        if not NAME_RE.match(name):
            raise CaseError(f"bad input name {name!r}")
        if not HEX_RE.match(value):
            raise CaseError(f"input {name}={value}: expected 0xHEX")
        inputs[name] = int(value[2:], 16)
    return inputs


def parse_asm(asm):
    """('op', fmt, op) or ('cvt', src, dst); Unsupported for names pyref does not know."""
    parts = asm.split(".")
    if len(parts) == 3 and parts[0] == "cvt":
        src, dst = parts[1], parts[2]
        if src in KNOWN_FORMATS and dst in KNOWN_FORMATS and src != dst:
            return ("cvt", src, dst)
    if len(parts) == 2 and parts[0] in KNOWN_FORMATS and parts[1] in FLOAT_OPS:
        return ("op", parts[0], parts[1])
    raise Unsupported(f"unknown ISA float operation {asm!r}")


def check_mode(mode):
    unknown = sorted(k for k in mode if k not in MODE_VALUES)
    if unknown:
        raise Unsupported("unknown mode key " + ", ".join(unknown))
    if mode["round"] != "rne":
        raise Unsupported(
            f"only round=rne (Python float arithmetic rounds to nearest even; "
            f"got round={mode['round']})")
    if mode["daz"] != "0" or mode["ftz"] != "0":
        raise Unsupported("only daz=0 ftz=0 (Python floats keep subnormals)")
    if mode.get("quirks", "ieee754") != "ieee754":
        raise Unsupported(f"only quirks=ieee754 (got quirks={mode['quirks']})")


def operand_bits(inputs, names, fmt_bits):
    """The named operands' values, checked against the width; CaseError when wrong."""
    extra = sorted(set(inputs) - set(names))
    if extra:
        raise CaseError("unexpected input " + ", ".join(extra))
    values = []
    for name in names:
        if name not in inputs:
            raise CaseError(f"missing input {name}")
        if inputs[name] >> fmt_bits:
            raise CaseError(f"input {name}=0x{inputs[name]:x} has more than {fmt_bits} bits")
        values.append(inputs[name])
    return values


def width(fmt):
    ebits, fbits = FORMATS[fmt]
    return 1 + ebits + fbits


def answer_case(fields):
    """The answer line (without newline) for the fields of a well-formed case line."""
    case_id, words, asm, mode_text, inputs_text = fields
    try:
        # Cases of another ISA (encoding words, another asm syntax and mode keys) are
        # unsupported whatever their mode and inputs say.
        if words != "-":
            raise Unsupported("not an ISA float case (it has encoding words); "
                              f"pyref implements only {TARGETS}")
        kind, x, y = parse_asm(asm)
        mode = parse_mode(mode_text)
        inputs = parse_inputs(inputs_text)
        if kind == "cvt":
            if x not in FORMATS or y not in FORMATS:
                raise Unsupported("pyref converts only between f32 and f64")
        elif x not in FORMATS:
            raise Unsupported(f"{x} is not implemented (pyref implements f32 and f64 only)")
        elif y not in IMPLEMENTED:
            raise Unsupported(
                f"{asm} is not implemented (pyref implements f32/f64 add, sub, mul, div, "
                "sqrt, fma and cvt between f32 and f64)")
        check_mode(mode)
        if kind == "cvt":
            (a,) = operand_bits(inputs, ("a",), width(x))
            d, out_fmt = convert(x, y, a), y
        else:
            ops = operand_bits(inputs, OPERANDS[: IMPLEMENTED[y]], width(x))
            d, out_fmt = evaluate(x, y, ops), x
        digits = width(out_fmt) // 4
        return f"ok\t{case_id}\td=0x{d:0{digits}x}\tnone"
    except Unsupported as e:
        return f"unsupported\t{case_id}\t{clean(str(e))}"
    except CaseError as e:
        return f"error\t{case_id}\t{clean(str(e))}"
    except Exception as e:  # a bug here must not take the other cases down
        return f"error\t{case_id}\tpyref internal error: {clean(type(e).__name__ + ': ' + str(e))}"


def clean(text):
    """A message safe for one field: no tabs or line breaks."""
    return " ".join(text.split()) or "-"


def handle_line(line, write):
    """Handle one message after the handshake: "sync", "bye" or "more"."""
    if line in ("sync", "bye"):
        return line
    if line == "":
        return "more"
    fields = line.split("\t")
    if fields[0] == "target":
        # The target of the cases that follow; pyref has one (float:ieee754), and gpuref
        # sends it only cases of targets pyref declared.
        return "more"
    if fields[0] != "case":
        log(f"ignoring an unknown message: {line[:200]!r}")
        return "more"
    case_id = fields[1] if len(fields) > 1 else ""
    if case_id == "" or " " in case_id:
        write(f"error\t\tmalformed case line (no readable id): {clean(line[:200])}")
    elif len(fields) != 6:
        write(f"error\t{case_id}\tmalformed case line: expected 6 tab-separated fields, "
              f"got {len(fields)}")
    else:
        write(answer_case(fields[1:]))
    return "more"


def log(message):
    print(f"{NAME}: {message}", file=sys.stderr, flush=True)


def read_line(stream):
    """The next line without its line ending, or None at end of input."""
    raw = stream.readline()
    if not raw:
        return None
    return raw.decode("utf-8", errors="replace").rstrip("\r\n")


def main():
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer

    def write(text):
        stdout.write(text.encode("utf-8") + b"\n")

    first = read_line(stdin)
    if first is None:
        return 0
    greeting = first.split("\t")
    if greeting[0] != "gpuref-adapter":
        log(f"expected the handshake 'gpuref-adapter<TAB>1', got {first[:200]!r}")
        return 2
    if greeting[1:] != ["1"]:
        log(f"gpuref speaks protocol {'/'.join(greeting[1:])!r}; pyref speaks 1")
    write(f"hello\t1\t{NAME}\t{TARGETS}\t{FEATURES}")
    stdout.flush()
    while True:
        line = read_line(stdin)
        if line is None:
            break
        what = handle_line(line, write)
        if what == "sync":
            stdout.flush()
        elif what == "bye":
            break
    stdout.flush()
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:
        # gpuref went away; nothing left to answer.
        sys.stderr.close()
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
