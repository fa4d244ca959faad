//! The Gen7 (Ivy Bridge) row table: one aligned row per opcode of the manual's §5.4 opcode
//! tables (mnemonic, opcode, operand shape, manual sections), and the table of the 12 math
//! function codes of §6.41. Written by hand from the manual
//! (`../shared/specs/004_15780130570c7bd8.txt`); the opcode-table section and the
//! instruction's reference page are cited on every row.
//!
//! Typed identity: a row's [`gpuref_core::isa::RowId`] is its index in [`ROWS`]; a math
//! function's identity is its [`MathFn`] (the FC code).
//!
//! The text renders some mnemonics with OCR errors (`Irp`, `Izd` for `lrp`, `lzd` in §5.4.4,
//! §5.4.5, §6.36, §6.37; `f32tof16` for `f32to16` in §5.4.1; `return` for `ret` in §5.4.2;
//! `fma(mad)` for `mad`): rows use the reference page's (and IGA's) spelling.

use gpuref_core::{Spec, SpecRef};

const fn s(section: &'static str) -> SpecRef {
    SpecRef::new(Spec::IvyBridge, section)
}

/// The opcode tables, by group.
const MOVE_LOGIC: SpecRef = s("5.4.1 Move and Logic Instructions");
const FLOW: SpecRef = s("5.4.2 Flow Control Instructions");
const MISC: SpecRef = s("5.4.3 Miscellaneous Instructions");
const PARALLEL: SpecRef = s("5.4.4 Parallel Arithmetic Instructions");
const VECTOR: SpecRef = s("5.4.5 Vector Arithmetic Instructions");
const SPECIAL: SpecRef = s("5.4.6 Special Instructions");
/// The format of the branch instructions (JIP/UIP in bits 127:96).
pub const BRANCH_FORMAT: SpecRef = s("5.2.1 EU Instruction Formats");

/// How an instruction's operands are laid out and written (the format variants of §5.2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// No operands (`nop`, `illegal`): every field but the opcode and DebugCtrl is 0.
    NoOperands,
    /// One source: dst, src0 (src1 is the non-present operand of §3.8).
    Src1,
    /// Two sources: dst, src0, src1 (src1 may be an immediate).
    Src2,
    /// The 3-source format (§5.2.1 "Execution Unit Instruction Format for 3 Source Operands").
    Src3,
    /// `send`/`sendc`: bits 27:24 are SFID, bit 127 EOT, src1 the message descriptor.
    Send,
    /// `math`: bits 27:24 are the function control (FC).
    Math,
    /// A branch: bits 127:96 hold JIP (and UIP), in 64-bit units (§5.3).
    Branch(BranchKind),
}

/// The branch variants. The manual says the operand fields of a branch are "Same as
/// regular" (§5.2.1) without saying what they hold; gpuref encodes what IGA (`iga64
/// -p=7p5`) encodes and decodes only that (docs/design/0045-gen7-encodings.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BranchKind {
    /// JIP and UIP (`if`, `break`, `cont`, `halt`, `brc`); src0 is an immediate of type W.
    JipUip,
    /// JIP only, bits 127:112 zero, src0 an immediate of type W (`else`).
    Else,
    /// JIP only, bits 127:112 zero, src1 an immediate of type D (`endif`, `while`).
    Endif,
    /// JIP in bits 111:96, 127:112 MBZ (§6.13), dst `ip:d`, src0 an immediate of type W (`brd`).
    Brd,
    /// dst receives the return IP and CallMask; JIP in bits 111:96, 127:112 MBZ (§6.15) (`call`).
    Call,
    /// src0 holds the return IP and CallMask (`ret`).
    Ret,
    /// dst and src0 are `ip`; src1 the index in bits 111:96, 127:112 MBZ (§6.34) (`jmpi`).
    Jmpi,
}

/// One row of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    pub mnemonic: &'static str,
    /// Bits 6:0 of DW0.
    pub opcode: u8,
    pub shape: Shape,
    /// The opcode table and the reference page.
    pub cites: &'static [SpecRef],
}

use BranchKind::*;
use Shape::*;

macro_rules! row {
    ($m:literal, $op:literal, $shape:expr, $table:expr, $page:literal) => {
        Row {
            mnemonic: $m,
            opcode: $op,
            shape: $shape,
            cites: &[$table, s($page)],
        }
    };
}

/// Every opcode of §5.4 that has a format (62 of the 63 listed values; see [`LISTED_ONLY`]).
#[rustfmt::skip]
pub const ROWS: &[Row] = &[
    row!("illegal", 0x00, NoOperands,       SPECIAL,    "6.33 illegal – Illegal"),
    row!("mov",     0x01, Src1,             MOVE_LOGIC, "6.41.10 mov – Move"),
    row!("sel",     0x02, Src2,             MOVE_LOGIC, "6.55 sel - Select"),
    row!("movi",    0x03, Src1,             MOVE_LOGIC, "6.42 movi – Move Indexed"),
    row!("not",     0x04, Src1,             MOVE_LOGIC, "6.45 not – Logic Not"),
    row!("and",     0x05, Src2,             MOVE_LOGIC, "6.6 and – Logic And"),
    row!("or",      0x06, Src2,             MOVE_LOGIC, "6.46 or – Logic Or"),
    row!("xor",     0x07, Src2,             MOVE_LOGIC, "6.63 xor – Logic Xor"),
    row!("shr",     0x08, Src2,             MOVE_LOGIC, "6.59 shr – Shift Right"),
    row!("shl",     0x09, Src2,             MOVE_LOGIC, "6.58 shl - Shift Left"),
    row!("asr",     0x0C, Src2,             MOVE_LOGIC, "6.7 asr – Arithmetic Shift Right"),
    row!("cmp",     0x10, Src2,             MOVE_LOGIC, "6.17 cmp – Compare"),
    row!("cmpn",    0x11, Src2,             MOVE_LOGIC, "6.18 cmpn – Compare NaN"),
    row!("f32to16", 0x13, Src1,             MOVE_LOGIC, "6.27 f32to16 – Single Precision Float to Half Precision Float"),
    row!("f16to32", 0x14, Src1,             MOVE_LOGIC, "6.26 f16to32 – Half Precision Float to Single Precision Float"),
    row!("bfrev",   0x17, Src1,             MOVE_LOGIC, "6.11 bfrev – Reverse Bits"),
    row!("bfe",     0x18, Src3,             MOVE_LOGIC, "6.9 bfe – Bit Field Extract"),
    row!("bfi1",    0x19, Src2,             MOVE_LOGIC, "6.9.1 bfi1 – Bit Field Insert 1"),
    row!("bfi2",    0x1A, Src3,             MOVE_LOGIC, "6.10 bfi2 – Bit Field Insert 2"),
    row!("jmpi",    0x20, Branch(Jmpi),     FLOW,       "6.34 jmpi – Jump Indexed"),
    row!("brd",     0x21, Branch(Brd),      FLOW,       "6.13 brd – Branch Diverging"),
    row!("if",      0x22, Branch(JipUip),   FLOW,       "6.32 if – If"),
    row!("brc",     0x23, Branch(JipUip),   FLOW,       "6.12 brc – Branch Converging"),
    row!("else",    0x24, Branch(Else),     FLOW,       "6.24 else – Else"),
    row!("endif",   0x25, Branch(Endif),    FLOW,       "6.25 endif – End If"),
    row!("while",   0x27, Branch(Endif),    FLOW,       "6.62 while – While"),
    row!("break",   0x28, Branch(JipUip),   FLOW,       "6.14 break – Break"),
    row!("cont",    0x29, Branch(JipUip),   FLOW,       "6.19 cont – Continue"),
    row!("halt",    0x2A, Branch(JipUip),   FLOW,       "6.31 halt – Halt"),
    row!("call",    0x2C, Branch(Call),     FLOW,       "6.15 call – Call"),
    row!("ret",     0x2D, Branch(Ret),      FLOW,       "6.48 ret - Return"),
    row!("wait",    0x30, Src1,             MISC,       "6.61 wait – Wait Notification"),
    row!("send",    0x31, Send,             MISC,       "6.56 send Message"),
    row!("sendc",   0x32, Send,             MISC,       "6.57 sendc – Conditional Send Message"),
    row!("math",    0x38, Math,             MISC,       "6.41 math – Extended Math Function"),
    row!("add",     0x40, Src2,             PARALLEL,   "6.4 add – Addition"),
    row!("mul",     0x41, Src2,             PARALLEL,   "6.43 mul – Multiply"),
    row!("avg",     0x42, Src2,             PARALLEL,   "6.8 avg – Average"),
    row!("frc",     0x43, Src1,             PARALLEL,   "6.30 frc – Fraction"),
    row!("rndu",    0x44, Src1,             PARALLEL,   "6.51 rndu – Round Up"),
    row!("rndd",    0x45, Src1,             PARALLEL,   "6.49 rndd – Round Down"),
    row!("rnde",    0x46, Src1,             PARALLEL,   "6.50 rnde – Round to Nearest or Even"),
    row!("rndz",    0x47, Src1,             PARALLEL,   "6.52 rndz – Round to Zero"),
    row!("mac",     0x48, Src2,             PARALLEL,   "6.38 mac – Multiply Accumulate"),
    row!("mach",    0x49, Src2,             PARALLEL,   "6.39 mach – Multiply Accumulate High"),
    row!("lzd",     0x4A, Src1,             PARALLEL,   "6.37 lzd – Leading Zero Detection"),
    row!("fbh",     0x4B, Src1,             PARALLEL,   "6.28 fbh – Find First Bit from MSB Side"),
    row!("fbl",     0x4C, Src1,             PARALLEL,   "6.29 fbl – Find First Bit from LSB Side"),
    row!("cbit",    0x4D, Src1,             PARALLEL,   "6.16 cbit - Count Bits Set"),
    row!("addc",    0x4E, Src2,             PARALLEL,   "6.5 addc – Integer Addition with Carry"),
    row!("subb",    0x4F, Src2,             PARALLEL,   "6.60 subb – Integer Subtraction with Borrow"),
    row!("sad2",    0x50, Src2,             VECTOR,     "6.53 sad2 – Sum of Absolute Difference 2"),
    row!("sada2",   0x51, Src2,             VECTOR,     "6.54 sada2 – Sum of Absolute Difference Accumulate 2"),
    row!("dp4",     0x54, Src2,             VECTOR,     "6.22 dp4 – Dot Product 4"),
    row!("dph",     0x55, Src2,             VECTOR,     "6.23 dph – Dot Product Homogeneous"),
    row!("dp3",     0x56, Src2,             VECTOR,     "6.21 dp3 – Dot Product 3"),
    row!("dp2",     0x57, Src2,             VECTOR,     "6.20 dp2 – Dot Product 2"),
    row!("line",    0x59, Src2,             VECTOR,     "6.35 line – Line"),
    row!("pln",     0x5A, Src2,             VECTOR,     "6.47 pln – Plane"),
    row!("mad",     0x5B, Src3,             VECTOR,     "6.40 mad – Multiply Add"),
    row!("lrp",     0x5C, Src3,             VECTOR,     "6.36 lrp – Linear Interpolation"),
    row!("nop",     0x7E, NoOperands,       SPECIAL,    "6.44 nop – No Operation"),
];

/// Opcode values §5.4 lists without a format or reference page: not decoded (a word with
/// this opcode is an unknown-opcode error naming the reason).
#[rustfmt::skip]
pub const LISTED_ONLY: &[(u8, &str, SpecRef)] = &[
    (0x26, "case", FLOW),
];

/// A math function code (bits 27:24 of `math`, §6.41 "Function Control").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MathFn {
    /// The FC code.
    pub fc: u8,
    /// The manual's function name (`INT DIV` codes are told apart by what they return).
    pub name: &'static str,
    /// IGA's suffix: `math.inv`.
    pub suffix: &'static str,
    /// How many sources the function reads.
    pub sources: u8,
    pub cite: SpecRef,
}

macro_rules! mf {
    ($fc:literal, $name:literal, $sfx:literal, $n:literal, $page:literal) => {
        MathFn {
            fc: $fc,
            name: $name,
            suffix: $sfx,
            sources: $n,
            cite: s($page),
        }
    };
}

/// The 12 defined function codes; 0x0, 0x8, 0xE and 0xF are reserved (§6.41).
#[rustfmt::skip]
pub const MATH_FNS: &[MathFn] = &[
    mf!(0x1, "INV",               "inv",  1, "6.41.1 INV - Inverse"),
    mf!(0x2, "LOG",               "log",  1, "6.41.2 LOG – Logarithm"),
    mf!(0x3, "EXP",               "exp",  1, "6.41.3 EXP - Exponent"),
    mf!(0x4, "SQRT",              "sqt",  1, "6.41.4 SQRT"),
    mf!(0x5, "RSQ",               "rsqt", 1, "6.41.5 RSQ"),
    mf!(0x6, "SIN",               "sin",  1, "6.41.7 SIN"),
    mf!(0x7, "COS",               "cos",  1, "6.41.8 COS"),
    mf!(0x9, "FDIV",              "fdiv", 2, "6.41 math – Extended Math Function"),
    mf!(0xA, "POW",               "pow",  2, "6.41.6 POW"),
    mf!(0xB, "INT DIV",           "idiv", 2, "6.41.9 INT DIV"),
    mf!(0xC, "INT DIV quotient",  "iqot", 2, "6.41.9 INT DIV"),
    mf!(0xD, "INT DIV remainder", "irem", 2, "6.41.9 INT DIV"),
];

/// The row of an opcode.
pub fn row_of_opcode(opcode: u8) -> Option<usize> {
    ROWS.iter().position(|r| r.opcode == opcode)
}

/// The row of a mnemonic.
pub fn row_of_mnemonic(m: &str) -> Option<usize> {
    ROWS.iter().position(|r| r.mnemonic == m)
}

/// The math function of an FC code.
pub fn math_fn(fc: u8) -> Option<&'static MathFn> {
    MATH_FNS.iter().find(|f| f.fc == fc)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts typed from the manual: §5.4.1 lists 18 move/logic opcodes, §5.4.2 13 flow
    /// control opcodes (with `case`), §5.4.3 4 miscellaneous, §5.4.4 16 parallel
    /// arithmetic, §5.4.5 10 vector arithmetic, §5.4.6 2 special: 63 values.
    #[test]
    fn counts_match_the_opcode_tables() {
        let count = |t: SpecRef| ROWS.iter().filter(|r| r.cites[0] == t).count();
        assert_eq!(count(MOVE_LOGIC), 18);
        assert_eq!(count(FLOW) + LISTED_ONLY.len(), 13);
        assert_eq!(count(MISC), 4);
        assert_eq!(count(PARALLEL), 16);
        assert_eq!(count(VECTOR), 10);
        assert_eq!(count(SPECIAL), 2);
        assert_eq!(ROWS.len() + LISTED_ONLY.len(), 63);
        // §5.2.1: "The 3-source operand instructions are: bfe, bfi2, lrp, mad".
        let three: Vec<&str> = ROWS
            .iter()
            .filter(|r| r.shape == Src3)
            .map(|r| r.mnemonic)
            .collect();
        assert_eq!(three, ["bfe", "bfi2", "mad", "lrp"]);
    }

    /// §6.41 "Function Control": 1h INV … Dh INT DIV remainder; 0h, 8h, Eh, Fh reserved.
    #[test]
    fn math_functions_match_the_fc_table() {
        assert_eq!(MATH_FNS.len(), 12);
        for fc in [0u8, 8, 0xE, 0xF] {
            assert!(math_fn(fc).is_none(), "{fc:#x} is reserved");
        }
        assert_eq!(math_fn(4).map(|f| f.name), Some("SQRT"));
        assert_eq!(math_fn(0xA).map(|f| f.name), Some("POW"));
        assert_eq!(math_fn(0xB).map(|f| f.sources), Some(2));
    }

    /// Opcodes are unique, 7-bit (bit 7 is reserved, §5.4), mnemonics unique, and the
    /// group of each opcode matches its table (00xxxxx move/logic, 010xxxx flow, 011xxxx
    /// misc, 100xxxx parallel, 101xxxx vector; §5.4).
    #[test]
    fn table_lint() {
        for (i, a) in ROWS.iter().enumerate() {
            assert!(a.opcode < 0x80);
            for b in &ROWS[i + 1..] {
                assert_ne!(a.opcode, b.opcode, "{} / {}", a.mnemonic, b.mnemonic);
                assert_ne!(a.mnemonic, b.mnemonic);
            }
            let group = match a.opcode >> 4 {
                0 | 1 => MOVE_LOGIC,
                2 => FLOW,
                3 => MISC,
                4 => PARALLEL,
                5 => VECTOR,
                _ => SPECIAL,
            };
            let want = if a.opcode == 0 { SPECIAL } else { group };
            assert_eq!(a.cites[0], want, "{}", a.mnemonic);
            assert!(a.cites[1].section.contains(a.mnemonic), "{}", a.mnemonic);
        }
        // Spot checks against the tables: asr is 0x0C (the §5.6 summary says 12), xor 0x07.
        assert_eq!(ROWS[row_of_mnemonic("asr").unwrap()].opcode, 12);
        assert_eq!(ROWS[row_of_mnemonic("xor").unwrap()].opcode, 7);
        assert_eq!(row_of_opcode(0x7E).map(|i| ROWS[i].mnemonic), Some("nop"));
        assert_eq!(row_of_opcode(0x26), None);
    }
}
