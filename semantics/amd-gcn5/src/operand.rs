//! The scalar operand space: the 8-bit SSRC field and the 7-bit SDST field of the scalar ALU
//! formats, with printing and parsing in LLVM's AMDGPU assembly syntax.
//!
//! Source: Vega manual, section "Scalar ALU Operands" (Table "Scalar Operands"; the same codes
//! as section "Microcode Formats", SOP2 SSRC0/SDST, whose rendered copies are misaligned for
//! 246..255, see the survey's disagreements A.19). The rendering of the table lost the sign
//! of the odd float codes 241..247 (it shows "0.5, 1.0, 1.0, ..."); the operand table of
//! section "Instruction Outputs" (the VALU's 9-bit codes, whose 0..255 are the scalar codes)
//! lists them as 0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0. The MI100 manual's scalar
//! operand table has the same codes.
//!
//! Widths are in dwords: a 64-bit operand names an even-aligned register pair (Vega
//! "SGPR Alignment": "Even-aligned SGPRs are required ... When 64-bit data is used").

use std::fmt;

/// A scalar general-purpose register index, SGPR 0..=101.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sgpr(pub u8);

/// A trap temporary index, TTMP 0..=15.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ttmp(pub u8);

impl Sgpr {
    /// SGPRs 0..=101 are codes 0..=101 (Vega "Scalar ALU Operands").
    pub const COUNT: u8 = 102;
}

impl Ttmp {
    /// TTMP0..15 are codes 108..=123.
    pub const COUNT: u8 = 16;
    const BASE: u8 = 108;
}

/// A scalar register: what codes 0..=127 (the SDST space, and the low half of SSRC) name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScalarReg {
    /// 0..=101.
    Sgpr(Sgpr),
    /// 102 / 103.
    FlatScratchLo,
    FlatScratchHi,
    /// 104 / 105.
    XnackMaskLo,
    XnackMaskHi,
    /// 106 / 107.
    VccLo,
    VccHi,
    /// 108..=123.
    Ttmp(Ttmp),
    /// 124.
    M0,
    /// 126 / 127 (125 is reserved).
    ExecLo,
    ExecHi,
}

/// The SDST field names a scalar register.
pub type ScalarDst = ScalarReg;

/// Why a code or text is not an operand.
pub type Reason = &'static str;

impl ScalarReg {
    /// The 7-bit code (Vega "Scalar ALU Operands").
    pub const fn code(self) -> u8 {
        match self {
            ScalarReg::Sgpr(Sgpr(n)) => n,
            ScalarReg::FlatScratchLo => 102,
            ScalarReg::FlatScratchHi => 103,
            ScalarReg::XnackMaskLo => 104,
            ScalarReg::XnackMaskHi => 105,
            ScalarReg::VccLo => 106,
            ScalarReg::VccHi => 107,
            ScalarReg::Ttmp(Ttmp(n)) => Ttmp::BASE + n,
            ScalarReg::M0 => 124,
            ScalarReg::ExecLo => 126,
            ScalarReg::ExecHi => 127,
        }
    }

    /// Decode a code 0..=127; 125 and anything above 127 are not registers.
    pub const fn from_code(code: u8) -> Result<ScalarReg, Reason> {
        Ok(match code {
            0..=101 => ScalarReg::Sgpr(Sgpr(code)),
            102 => ScalarReg::FlatScratchLo,
            103 => ScalarReg::FlatScratchHi,
            104 => ScalarReg::XnackMaskLo,
            105 => ScalarReg::XnackMaskHi,
            106 => ScalarReg::VccLo,
            107 => ScalarReg::VccHi,
            108..=123 => ScalarReg::Ttmp(Ttmp(code - Ttmp::BASE)),
            124 => ScalarReg::M0,
            126 => ScalarReg::ExecLo,
            127 => ScalarReg::ExecHi,
            125 => return Err("code 125 is reserved (Vega \"Scalar ALU Operands\")"),
            _ => return Err("not a scalar register code (0..=127)"),
        })
    }

    /// Whether the register can start an operand of `dwords` dwords (1 or 2).
    pub const fn check_width(self, dwords: u32) -> Result<(), Reason> {
        if dwords == 1 {
            return Ok(());
        }
        match self {
            ScalarReg::Sgpr(Sgpr(n)) | ScalarReg::Ttmp(Ttmp(n)) if n % 2 == 0 => Ok(()),
            ScalarReg::Sgpr(_) | ScalarReg::Ttmp(_) => Err(
                "a 64-bit operand needs an even-aligned register pair (rule gcn5.asm.sgpr_align: Vega \"SGPR Alignment\")",
            ),
            ScalarReg::FlatScratchLo
            | ScalarReg::XnackMaskLo
            | ScalarReg::VccLo
            | ScalarReg::ExecLo => Ok(()),
            ScalarReg::FlatScratchHi
            | ScalarReg::XnackMaskHi
            | ScalarReg::VccHi
            | ScalarReg::ExecHi
            | ScalarReg::M0 => Err("this register cannot start a 64-bit register pair"),
        }
    }

    /// LLVM's name for an operand of `dwords` dwords starting at this register.
    pub fn display(self, dwords: u32) -> String {
        let pair = dwords == 2;
        match (self, pair) {
            (ScalarReg::Sgpr(Sgpr(n)), false) => format!("s{n}"),
            (ScalarReg::Sgpr(Sgpr(n)), true) => format!("s[{}:{}]", n, n + 1),
            (ScalarReg::Ttmp(Ttmp(n)), false) => format!("ttmp{n}"),
            (ScalarReg::Ttmp(Ttmp(n)), true) => format!("ttmp[{}:{}]", n, n + 1),
            (ScalarReg::FlatScratchLo, true) => "flat_scratch".into(),
            (ScalarReg::XnackMaskLo, true) => "xnack_mask".into(),
            (ScalarReg::VccLo, true) => "vcc".into(),
            (ScalarReg::ExecLo, true) => "exec".into(),
            (ScalarReg::FlatScratchLo, false) => "flat_scratch_lo".into(),
            (ScalarReg::FlatScratchHi, _) => "flat_scratch_hi".into(),
            (ScalarReg::XnackMaskLo, false) => "xnack_mask_lo".into(),
            (ScalarReg::XnackMaskHi, _) => "xnack_mask_hi".into(),
            (ScalarReg::VccLo, false) => "vcc_lo".into(),
            (ScalarReg::VccHi, _) => "vcc_hi".into(),
            (ScalarReg::M0, _) => "m0".into(),
            (ScalarReg::ExecLo, false) => "exec_lo".into(),
            (ScalarReg::ExecHi, _) => "exec_hi".into(),
        }
    }

    /// Parse LLVM's register syntax for an operand of `dwords` dwords.
    pub fn parse(text: &str, dwords: u32) -> Result<ScalarReg, Reason> {
        const PAIRS: [(&str, &str, ScalarReg); 4] = [
            ("vcc", "vcc_lo", ScalarReg::VccLo),
            ("exec", "exec_lo", ScalarReg::ExecLo),
            ("flat_scratch", "flat_scratch_lo", ScalarReg::FlatScratchLo),
            ("xnack_mask", "xnack_mask_lo", ScalarReg::XnackMaskLo),
        ];
        const SINGLES: [(&str, ScalarReg); 5] = [
            ("vcc_hi", ScalarReg::VccHi),
            ("exec_hi", ScalarReg::ExecHi),
            ("flat_scratch_hi", ScalarReg::FlatScratchHi),
            ("xnack_mask_hi", ScalarReg::XnackMaskHi),
            ("m0", ScalarReg::M0),
        ];
        let wrong_width = if dwords == 2 {
            "expected a 64-bit register pair"
        } else {
            "expected a 32-bit register"
        };
        let width = |reg: ScalarReg, regs: u32| {
            if regs == dwords {
                Ok(reg)
            } else {
                Err(wrong_width)
            }
        };
        for (pair, lo, reg) in PAIRS {
            if text == pair {
                return width(reg, 2);
            }
            if text == lo {
                return width(reg, 1);
            }
        }
        if let Some((_, reg)) = SINGLES.iter().find(|(n, _)| *n == text) {
            return width(*reg, 1);
        }
        let (digits, count, make): (&str, u8, fn(u8) -> ScalarReg) =
            if let Some(rest) = text.strip_prefix("ttmp") {
                (rest, Ttmp::COUNT, |n| ScalarReg::Ttmp(Ttmp(n)))
            } else if let Some(rest) = text.strip_prefix('s') {
                (rest, Sgpr::COUNT, |n| ScalarReg::Sgpr(Sgpr(n)))
            } else {
                return Err("not a scalar register");
            };
        let (lo, regs) = parse_index_range(digits)?;
        if lo + regs > u32::from(count) {
            return Err("register index out of range");
        }
        let reg = width(make(lo as u8), regs)?;
        reg.check_width(dwords)?;
        Ok(reg)
    }
}

/// `5` → (5, 1); `[4:5]` → (4, 2).
fn parse_index_range(s: &str) -> Result<(u32, u32), Reason> {
    if let Some(inner) = s.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        let (a, b) = inner.split_once(':').ok_or("expected [lo:hi]")?;
        let lo = parse_dec(a.trim()).ok_or("bad register index")?;
        let hi = parse_dec(b.trim()).ok_or("bad register index")?;
        if hi < lo {
            return Err("register range hi < lo");
        }
        Ok((lo, hi - lo + 1))
    } else {
        Ok((parse_dec(s).ok_or("bad register index")?, 1))
    }
}

fn parse_dec(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) || s.len() > 9 {
        return None;
    }
    s.parse().ok()
}

/// The float inline constants, codes 240..=248 (Vega "Scalar ALU Operands").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatConst {
    Half,
    NegHalf,
    One,
    NegOne,
    Two,
    NegTwo,
    Four,
    NegFour,
    /// 1/(2π).
    InvTwoPi,
}

impl FloatConst {
    /// The nine constants in code order (240..=248).
    pub const ALL: [FloatConst; 9] = [
        FloatConst::Half,
        FloatConst::NegHalf,
        FloatConst::One,
        FloatConst::NegOne,
        FloatConst::Two,
        FloatConst::NegTwo,
        FloatConst::Four,
        FloatConst::NegFour,
        FloatConst::InvTwoPi,
    ];
    const BASE: u8 = 240;

    pub fn code(self) -> u8 {
        Self::BASE + Self::ALL.iter().position(|&c| c == self).unwrap_or(0) as u8
    }

    /// The IEEE binary32 bits.
    pub const fn f32_bits(self) -> u32 {
        match self {
            FloatConst::Half => 0x3f00_0000,
            FloatConst::NegHalf => 0xbf00_0000,
            FloatConst::One => 0x3f80_0000,
            FloatConst::NegOne => 0xbf80_0000,
            FloatConst::Two => 0x4000_0000,
            FloatConst::NegTwo => 0xc000_0000,
            FloatConst::Four => 0x4080_0000,
            FloatConst::NegFour => 0xc080_0000,
            FloatConst::InvTwoPi => 0x3e22_f983,
        }
    }

    /// How LLVM prints it for an operand of `dwords` dwords.
    pub const fn text(self, dwords: u32) -> &'static str {
        match self {
            FloatConst::Half => "0.5",
            FloatConst::NegHalf => "-0.5",
            FloatConst::One => "1.0",
            FloatConst::NegOne => "-1.0",
            FloatConst::Two => "2.0",
            FloatConst::NegTwo => "-2.0",
            FloatConst::Four => "4.0",
            FloatConst::NegFour => "-4.0",
            FloatConst::InvTwoPi if dwords == 2 => "0.15915494309189532",
            FloatConst::InvTwoPi => "0.15915494",
        }
    }

    fn from_text(s: &str) -> Option<FloatConst> {
        if s == "0.15915494309189532" {
            return Some(FloatConst::InvTwoPi);
        }
        Self::ALL.into_iter().find(|c| c.text(1) == s)
    }
}

/// An 8-bit scalar source (SSRC0/SSRC1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScalarSrc {
    /// 0..=127 except 125.
    Reg(ScalarReg),
    /// 128..=208: the integers 0..=64 and -1..=-16.
    Int(i8),
    /// 235..=239.
    SharedBase,
    SharedLimit,
    PrivateBase,
    PrivateLimit,
    PopsExitingWaveId,
    /// 240..=248.
    Float(FloatConst),
    /// 251..=253: {31'b0, VCCZ}, {31'b0, EXECZ}, {31'b0, SCC}.
    Vccz,
    Execz,
    Scc,
    /// 255: the dword after the instruction.
    Literal,
}

impl ScalarSrc {
    pub const LITERAL_CODE: u8 = 255;

    pub fn code(self) -> u8 {
        match self {
            ScalarSrc::Reg(r) => r.code(),
            ScalarSrc::Int(v) if v >= 0 => 128 + v as u8,
            ScalarSrc::Int(v) => 192 + v.unsigned_abs(),
            ScalarSrc::SharedBase => 235,
            ScalarSrc::SharedLimit => 236,
            ScalarSrc::PrivateBase => 237,
            ScalarSrc::PrivateLimit => 238,
            ScalarSrc::PopsExitingWaveId => 239,
            ScalarSrc::Float(c) => c.code(),
            ScalarSrc::Vccz => 251,
            ScalarSrc::Execz => 252,
            ScalarSrc::Scc => 253,
            ScalarSrc::Literal => Self::LITERAL_CODE,
        }
    }

    /// Decode an 8-bit SSRC code (Vega "Scalar ALU Operands": 209..=234, 249, 250 and 254
    /// are reserved for scalar sources).
    pub fn from_code(code: u8) -> Result<ScalarSrc, Reason> {
        Ok(match code {
            0..=127 => ScalarSrc::Reg(ScalarReg::from_code(code)?),
            128..=192 => ScalarSrc::Int((code - 128) as i8),
            193..=208 => ScalarSrc::Int(-((code - 192) as i8)),
            209..=234 => return Err("codes 209..=234 are reserved (Vega \"Scalar ALU Operands\")"),
            235 => ScalarSrc::SharedBase,
            236 => ScalarSrc::SharedLimit,
            237 => ScalarSrc::PrivateBase,
            238 => ScalarSrc::PrivateLimit,
            239 => ScalarSrc::PopsExitingWaveId,
            240..=248 => ScalarSrc::Float(FloatConst::ALL[usize::from(code - 240)]),
            249 | 250 => {
                return Err("codes 249/250 (SDWA/DPP) are reserved for scalar sources (Vega \"Scalar ALU Operands\")")
            }
            251 => ScalarSrc::Vccz,
            252 => ScalarSrc::Execz,
            253 => ScalarSrc::Scc,
            254 => {
                return Err("code 254 (LDS_DIRECT) is reserved for scalar sources (Vega \"Scalar ALU Operands\")")
            }
            255 => ScalarSrc::Literal,
        })
    }

    /// Whether the source can be an operand of `dwords` dwords.
    pub fn check_width(self, dwords: u32) -> Result<(), Reason> {
        match self {
            ScalarSrc::Reg(r) => r.check_width(dwords),
            _ => Ok(()),
        }
    }

    /// LLVM's text for an operand of `dwords` dwords; `literal` is the instruction's
    /// literal dword (used when this source is [`ScalarSrc::Literal`]).
    pub fn display(self, dwords: u32, literal: u32) -> String {
        match self {
            ScalarSrc::Reg(r) => r.display(dwords),
            ScalarSrc::Int(v) => v.to_string(),
            ScalarSrc::SharedBase => "src_shared_base".into(),
            ScalarSrc::SharedLimit => "src_shared_limit".into(),
            ScalarSrc::PrivateBase => "src_private_base".into(),
            ScalarSrc::PrivateLimit => "src_private_limit".into(),
            ScalarSrc::PopsExitingWaveId => "src_pops_exiting_wave_id".into(),
            ScalarSrc::Float(c) => c.text(dwords).into(),
            ScalarSrc::Vccz => "src_vccz".into(),
            ScalarSrc::Execz => "src_execz".into(),
            ScalarSrc::Scc => "src_scc".into(),
            ScalarSrc::Literal => literal_text(literal, dwords),
        }
    }

    /// Parse an operand of `dwords` dwords. Returns the source and, for a literal, its dword.
    pub fn parse(text: &str, dwords: u32) -> Result<(ScalarSrc, Option<u32>), Reason> {
        let named = match text {
            "src_shared_base" | "shared_base" => Some(ScalarSrc::SharedBase),
            "src_shared_limit" | "shared_limit" => Some(ScalarSrc::SharedLimit),
            "src_private_base" | "private_base" => Some(ScalarSrc::PrivateBase),
            "src_private_limit" | "private_limit" => Some(ScalarSrc::PrivateLimit),
            "src_pops_exiting_wave_id" | "pops_exiting_wave_id" => {
                Some(ScalarSrc::PopsExitingWaveId)
            }
            "src_vccz" | "vccz" => Some(ScalarSrc::Vccz),
            "src_execz" | "execz" => Some(ScalarSrc::Execz),
            "src_scc" | "scc" => Some(ScalarSrc::Scc),
            _ => None,
        };
        if let Some(s) = named {
            return Ok((s, None));
        }
        if let Some(c) = FloatConst::from_text(text) {
            return Ok((ScalarSrc::Float(c), None));
        }
        if text.contains('.') {
            return Err("only the inline float constants can be written as floats; write other values in hex");
        }
        let first = text.as_bytes().first().copied().unwrap_or(b' ');
        if first.is_ascii_digit() || first == b'-' {
            let v = parse_int(text).ok_or("bad integer")?;
            if (-16..=64).contains(&v) {
                return Ok((ScalarSrc::Int(v as i8), None));
            }
            if !(-(1i64 << 31)..(1i64 << 32)).contains(&v) {
                return Err("literal does not fit in 32 bits");
            }
            return Ok((ScalarSrc::Literal, Some(v as u32)));
        }
        Ok((ScalarSrc::Reg(ScalarReg::parse(text, dwords)?), None))
    }
}

/// LLVM's printing of a 32-bit literal dword used as an operand of `dwords` dwords: by
/// value, so a literal that equals an inline constant prints as that constant.
pub fn literal_text(literal: u32, dwords: u32) -> String {
    if dwords == 2 {
        if literal <= 64 {
            literal.to_string()
        } else {
            format!("{literal:#x}")
        }
    } else {
        let signed = literal as i32;
        if (-16..=64).contains(&signed) {
            return signed.to_string();
        }
        if let Some(c) = FloatConst::ALL
            .into_iter()
            .find(|c| c.f32_bits() == literal)
        {
            return c.text(1).into();
        }
        format!("{literal:#x}")
    }
}

/// Decimal, `-`decimal or `0x` hex.
pub fn parse_int(text: &str) -> Option<i64> {
    let (neg, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let v = if let Some(hex) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        if hex.is_empty() || hex.len() > 12 {
            return None;
        }
        i64::from_str_radix(hex, 16).ok()?
    } else {
        if body.is_empty() || body.len() > 15 || !body.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        body.parse::<i64>().ok()?
    };
    Some(if neg { -v } else { v })
}

impl fmt::Display for ScalarReg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.display(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_roundtrips_or_is_reserved() {
        let mut reserved = Vec::new();
        for code in 0..=255u8 {
            match ScalarSrc::from_code(code) {
                Ok(s) => assert_eq!(s.code(), code),
                Err(_) => reserved.push(code),
            }
        }
        let expected: Vec<u8> = [125u8]
            .into_iter()
            .chain(209..=234)
            .chain([249, 250, 254])
            .collect();
        assert_eq!(reserved, expected);
    }

    #[test]
    fn print_and_parse_agree_for_every_code_and_width() {
        for code in 0..=255u8 {
            let Ok(src) = ScalarSrc::from_code(code) else {
                continue;
            };
            for dwords in [1, 2] {
                if src.check_width(dwords).is_err() || src == ScalarSrc::Literal {
                    continue;
                }
                let text = src.display(dwords, 0);
                let (back, lit) = ScalarSrc::parse(&text, dwords)
                    .unwrap_or_else(|e| panic!("{text} ({dwords} dwords): {e}"));
                assert_eq!((back, lit), (src, None), "{text}");
            }
        }
    }

    #[test]
    fn llvm_spellings() {
        let r = |c| ScalarSrc::from_code(c).unwrap();
        assert_eq!(r(5).display(1, 0), "s5");
        assert_eq!(r(4).display(2, 0), "s[4:5]");
        assert_eq!(r(106).display(2, 0), "vcc");
        assert_eq!(r(112).display(2, 0), "ttmp[4:5]");
        assert_eq!(r(102).display(2, 0), "flat_scratch");
        assert_eq!(r(193).display(1, 0), "-1");
        assert_eq!(r(248).display(1, 0), "0.15915494");
        assert_eq!(r(248).display(2, 0), "0.15915494309189532");
        assert_eq!(r(255).display(1, 0x3f80_0000), "1.0");
        assert_eq!(r(255).display(2, 0x3f80_0000), "0x3f800000");
        assert_eq!(r(255).display(1, 0xffff_fff0), "-16");
        assert_eq!(r(255).display(2, 0xffff_fff0), "0xfffffff0");
        assert!(r(5).check_width(2).is_err());
        assert!(r(124).check_width(2).is_err());
    }

    #[test]
    fn bad_text_is_an_error_not_a_panic() {
        for t in [
            "",
            "s",
            "s[",
            "s[4:",
            "s[5:4]",
            "s[3:4]",
            "s102",
            "ttmp16",
            "0x",
            "1.5",
            "--1",
            "s99999999999",
            "q0",
            "0x1ffffffff",
        ] {
            assert!(
                ScalarSrc::parse(t, 2).is_err() || ScalarSrc::parse(t, 1).is_err(),
                "{t}"
            );
        }
        assert!(ScalarSrc::parse("s[4:5]", 1).is_err());
        assert!(ScalarSrc::parse("s4", 2).is_err());
        assert!(ScalarSrc::parse("vcc", 1).is_err());
        assert!(ScalarSrc::parse("vcc_lo", 2).is_err());
    }
}

// ---------------------------------------------------------------------------------------
// Vector registers (added with the DS format, docs/design/0010).
//
// An 8-bit VGPR field names v0..v255 (Vega "Microcode Formats", DS: ADDR, DATA0, DATA1,
// VDST "VGPR"). An operand of n dwords names n consecutive VGPRs starting at the field's
// register; unlike SGPR pairs no alignment is required (Vega "VGPR alignment" applies to
// none of the DS operands; LLVM accepts `v[5:6]`), but the range must end at v255.

/// A range of `count` consecutive VGPRs starting at `first` (`v5`, `v[2:3]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VgprRange {
    pub first: u8,
    pub count: u8,
}

impl VgprRange {
    /// The range of `count` dwords at field value `first`, or why it does not fit.
    pub fn new(first: u8, count: u8) -> Result<VgprRange, Reason> {
        if count == 0 || u32::from(first) + u32::from(count) > 256 {
            return Err("the VGPR range runs past v255");
        }
        Ok(VgprRange { first, count })
    }

    /// LLVM's spelling: `v5` for one dword, `v[5:6]` for more.
    pub fn display(self) -> String {
        range_text('v', self.first, self.count)
    }

    /// Parse `vN` or `v[N:M]` (also `v[N]`) as a range of `count` dwords.
    pub fn parse(text: &str, count: u8) -> Result<VgprRange, Reason> {
        let (first, last) = parse_span(
            text,
            'v',
            "expected a VGPR (v0..v255)",
            "expected a VGPR number 0..255",
        )?;
        if last < first || last - first + 1 != u32::from(count) {
            return Err(match count {
                1 => "expected one VGPR",
                2 => "expected a range of 2 VGPRs",
                3 => "expected a range of 3 VGPRs",
                _ => "expected a range of 4 VGPRs",
            });
        }
        VgprRange::new(first as u8, count)
    }
}

/// LLVM's spelling of `count` registers of the file named by `prefix` (`v`, `a`) at `first`:
/// `v5` for one, `v[5:6]` for more.
fn range_text(prefix: char, first: u8, count: u8) -> String {
    if count == 1 {
        format!("{prefix}{first}")
    } else {
        format!(
            "{prefix}[{first}:{}]",
            u32::from(first) + u32::from(count) - 1
        )
    }
}

/// Parse `{prefix}N`, `{prefix}[N:M]` or `{prefix}[N]` (numbers 0..255) as (first, last);
/// `not_reg` and `bad_number` are the reasons for a missing prefix and a bad number.
fn parse_span(
    text: &str,
    prefix: char,
    not_reg: Reason,
    bad_number: Reason,
) -> Result<(u32, u32), Reason> {
    let body = text.trim().strip_prefix(prefix).ok_or(not_reg)?;
    let num = |s: &str| -> Result<u32, Reason> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) || s.len() > 3 {
            return Err(bad_number);
        }
        s.parse::<u32>()
            .ok()
            .filter(|&n| n <= 255)
            .ok_or(bad_number)
    };
    if let Some(inner) = body.strip_prefix('[') {
        let inner = inner.strip_suffix(']').ok_or("expected `]`")?;
        match inner.split_once(':') {
            Some((a, b)) => Ok((num(a.trim())?, num(b.trim())?)),
            None => {
                let a = num(inner.trim())?;
                Ok((a, a))
            }
        }
    } else {
        let a = num(body)?;
        Ok((a, a))
    }
}

#[cfg(test)]
mod vgpr_tests {
    use super::VgprRange;

    #[test]
    fn vgpr_spelling_and_bad_text() {
        assert_eq!(VgprRange::new(5, 1).unwrap().display(), "v5");
        assert_eq!(VgprRange::new(2, 2).unwrap().display(), "v[2:3]");
        assert_eq!(VgprRange::parse("v[2:3]", 2), VgprRange::new(2, 2));
        assert_eq!(VgprRange::parse("v255", 1), VgprRange::new(255, 1));
        assert!(VgprRange::new(255, 2).is_err());
        for t in [
            "", "v", "v256", "v[1:3]", "v[3:2]", "s1", "v[1:2", "v-1", "v[:]",
        ] {
            assert!(VgprRange::parse(t, 2).is_err(), "{t}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// Vector ALU sources (added with the VALU formats).
//
// The 9-bit SRC0 of VOP1/VOP2/VOPC and SRC0..SRC2 of VOP3/VOP3P (Vega "Microcode Formats",
// VOP2 SRC0, and section "Instruction Inputs", table "VALU Instruction Operands"): codes
// 0..=255 are the scalar source codes plus LDS_DIRECT (254), codes 256..=511 are v0..v255.
// The 8-bit VSRC1 of VOP2/VOPC names a VGPR only. How a source prints (an inline constant's
// spelling, a literal's) depends on the operand's type: the VALU format modules do that.

/// A 9-bit vector ALU source.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VectorSrc {
    /// Codes 0..=253 and 255 as for scalar sources.
    Scalar(ScalarSrc),
    /// 254: LDS_DIRECT (Vega "Data Share Operations", "LDS Direct Addressing").
    LdsDirect,
    /// 256..=511: v0..v255.
    Vgpr(u8),
}

impl VectorSrc {
    pub const LDS_DIRECT_CODE: u16 = 254;

    /// The 9-bit code.
    pub fn code(self) -> u16 {
        match self {
            VectorSrc::Scalar(s) => u16::from(s.code()),
            VectorSrc::LdsDirect => Self::LDS_DIRECT_CODE,
            VectorSrc::Vgpr(v) => 256 + u16::from(v),
        }
    }

    /// Decode a 9-bit code (bits above 8 ignored); codes reserved for scalar sources other
    /// than LDS_DIRECT stay reserved.
    pub fn from_code(code: u16) -> Result<VectorSrc, Reason> {
        let code = code & 0x1ff;
        match code {
            256..=511 => Ok(VectorSrc::Vgpr((code - 256) as u8)),
            Self::LDS_DIRECT_CODE => Ok(VectorSrc::LdsDirect),
            _ => ScalarSrc::from_code(code as u8).map(VectorSrc::Scalar),
        }
    }

    /// Whether the source is the literal code (255).
    pub fn is_literal(self) -> bool {
        self == VectorSrc::Scalar(ScalarSrc::Literal)
    }
}

#[cfg(test)]
mod vector_src_tests {
    use super::{ScalarReg, ScalarSrc, VectorSrc};

    #[test]
    fn codes_roundtrip_and_reserved_codes_fail() {
        let mut valid = 0;
        for code in 0u16..512 {
            match VectorSrc::from_code(code) {
                Ok(s) => {
                    assert_eq!(s.code(), code);
                    valid += 1;
                }
                Err(_) => assert!(
                    matches!(code, 125 | 209..=234 | 249 | 250),
                    "code {code} rejected"
                ),
            }
        }
        // 512 codes less 125, 209..=234 (26), 249, 250.
        assert_eq!(valid, 512 - 29);
        assert_eq!(VectorSrc::from_code(256 + 7), Ok(VectorSrc::Vgpr(7)));
        assert_eq!(VectorSrc::from_code(254), Ok(VectorSrc::LdsDirect));
        assert_eq!(
            VectorSrc::from_code(106),
            Ok(VectorSrc::Scalar(ScalarSrc::Reg(ScalarReg::VccLo)))
        );
        assert!(VectorSrc::from_code(255).unwrap().is_literal());
    }
}

// ---------------------------------------------------------------------------------------
// Accumulation VGPRs (added with VOP3P-MAI, docs/design/0015).
//
// MI100 has a second VGPR file, the AccVGPRs a0..a255 (MI100 manual, chapter "Matrix
// Arithmetic Instructions (MAI)": the C and D matrices "always" use them, A and B may). An
// MFMA operand of n dwords names n consecutive AccVGPRs; LLVM 14 spells them `a5` and
// `a[0:15]` and, as for VGPRs on gfx908, requires no alignment (checked with llvm-mc
// -mcpu=gfx908), but the range must end at a255.

/// A range of `count` consecutive AccVGPRs starting at `first` (`a5`, `a[0:15]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AccVgprRange {
    pub first: u8,
    pub count: u8,
}

impl AccVgprRange {
    /// The range of `count` dwords at register `first`, or why it does not fit.
    pub fn new(first: u8, count: u8) -> Result<AccVgprRange, Reason> {
        if count == 0 || u32::from(first) + u32::from(count) > 256 {
            return Err("the AccVGPR range runs past a255");
        }
        Ok(AccVgprRange { first, count })
    }

    /// LLVM's spelling: `a5` for one dword, `a[0:15]` for more.
    pub fn display(self) -> String {
        range_text('a', self.first, self.count)
    }

    /// Parse `aN` or `a[N:M]` (also `a[N]`) as a range of `count` dwords.
    pub fn parse(text: &str, count: u8) -> Result<AccVgprRange, Reason> {
        let (first, last) = parse_span(
            text,
            'a',
            "expected an AccVGPR (a0..a255)",
            "expected an AccVGPR number 0..255 (rule gcn5.asm.accvgpr)",
        )?;
        if last < first || last - first + 1 != u32::from(count) {
            return Err(match count {
                1 => "expected one AccVGPR",
                2 => "expected a range of 2 AccVGPRs",
                4 => "expected a range of 4 AccVGPRs",
                16 => "expected a range of 16 AccVGPRs",
                _ => "expected a range of 32 AccVGPRs",
            });
        }
        AccVgprRange::new(first as u8, count)
    }
}

#[cfg(test)]
mod acc_vgpr_tests {
    use super::AccVgprRange;

    #[test]
    fn acc_vgpr_spelling_and_bad_text() {
        assert_eq!(AccVgprRange::new(5, 1).unwrap().display(), "a5");
        assert_eq!(AccVgprRange::new(0, 16).unwrap().display(), "a[0:15]");
        assert_eq!(AccVgprRange::parse("a[0:15]", 16), AccVgprRange::new(0, 16));
        assert_eq!(AccVgprRange::parse("a255", 1), AccVgprRange::new(255, 1));
        assert_eq!(AccVgprRange::parse("a[7]", 1), AccVgprRange::new(7, 1));
        assert!(AccVgprRange::new(240, 32).is_err());
        for t in [
            "", "a", "a256", "a[1:3]", "a[3:2]", "v1", "a[1:2", "a-1", "a[:]", "a[0:1]x",
        ] {
            assert!(AccVgprRange::parse(t, 2).is_err(), "{t}");
        }
    }
}
