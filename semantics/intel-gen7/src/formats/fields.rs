//! Field encodings shared by every format: register files, types, region codes, register
//! names, predicate and condition codes (§5.2.2 "Common Instruction Fields", §5.2.3,
//! §5.2.4, §3.3.3.1), and the bit helpers over a 128-bit instruction.

use gpuref_core::{Spec, SpecRef};

/// Where field encodings are cited.
pub const COMMON_FIELDS: SpecRef = SpecRef::new(Spec::IvyBridge, "5.2.2 Common Instruction Fields");
pub const DW0: SpecRef = SpecRef::new(
    Spec::IvyBridge,
    "5.2.3 Instruction Operation Doubleword (DW0)",
);
pub const DW1: SpecRef = SpecRef::new(Spec::IvyBridge, "5.2.4.1 DW1 1-src and 2-src Instructions");
pub const ARF: SpecRef = SpecRef::new(Spec::IvyBridge, "3.3.3.1 ARF Registers Overview");

/// Bits `hi:lo` of a 128-bit instruction (instruction bit n is bit n mod 32 of DW n/32).
pub const fn get(w: u128, hi: u32, lo: u32) -> u32 {
    ((w >> lo) & ((1u128 << (hi - lo + 1)) - 1)) as u32
}

/// Set bits `hi:lo` to `v` (the bits of `v` above the field are dropped).
pub fn set(w: &mut u128, hi: u32, lo: u32, v: u32) {
    let mask = ((1u128 << (hi - lo + 1)) - 1) << lo;
    *w = (*w & !mask) | ((u128::from(v) << lo) & mask);
}

pub fn bits_of(words: [u32; 4]) -> u128 {
    words
        .iter()
        .rev()
        .fold(0u128, |acc, &d| (acc << 32) | u128::from(d))
}

pub fn words_of(w: u128) -> [u32; 4] {
    [
        w as u32,
        (w >> 32) as u32,
        (w >> 64) as u32,
        (w >> 96) as u32,
    ]
}

/// Register file (§5.2.4.1 Dst.RegFile / Src*.RegFile): 00 ARF, 01 GRF, 10 MRF (reserved on
/// Ivy Bridge: "Reserved. Do not use this encoding."), 11 IMM (sources only).
pub const ARF_FILE: u8 = 0;
pub const GRF_FILE: u8 = 1;
pub const IMM_FILE: u8 = 3;

/// A type code, read with the register or the immediate table (§5.2.4.1 "Source Register
/// Type Encoding" / "Source Immediate Type Encoding").
pub const REG_TYPES: [&str; 8] = ["ud", "d", "uw", "w", "ub", "b", "df", "f"];
pub const IMM_TYPES: [&str; 8] = ["ud", "d", "uw", "w", "uv", "vf", "v", "f"];

/// Bytes per element of a register type code (§2.2 data types): the unit of subregister
/// numbers in the syntax (§5.2.2 SubRegNum note).
pub const fn reg_type_size(code: u8) -> u32 {
    match code & 7 {
        0 | 1 | 7 => 4,
        2 | 3 => 2,
        4 | 5 => 1,
        _ => 8,
    }
}

/// The 3-source type codes (§5.2.1 3-source format, DstType 45:44 / SrcType 43:42):
/// 00 F, 01 D, 10 UD, 11 DF, as register type codes.
pub const THREE_SRC_TYPES: [u8; 4] = [7, 1, 0, 6];

/// VertStride codes (§5.2.2 VertStride): 0..6 give 0,1,2,4,8,16,32; 0xF is VxH/Vx1.
pub const VERT_STRIDES: [u32; 7] = [0, 1, 2, 4, 8, 16, 32];
pub const VXH: u8 = 0xF;
/// Width codes (§5.2.2 Width): 0..4 give 1,2,4,8,16.
pub const WIDTHS: [u32; 5] = [1, 2, 4, 8, 16];
/// HorzStride codes (§5.2.2 HorzStride).
pub const HORZ_STRIDES: [u32; 4] = [0, 1, 2, 4];
/// ExecSize codes (§5.2.3 bits 23:21): 0..5 give 1..32; 110-111 reserved.
pub const EXEC_SIZES: [u32; 6] = [1, 2, 4, 8, 16, 32];

/// CondModifier (§5.2.2): IGA's names, `None` for the reserved codes 0111 and 1010-1111.
pub fn cond_name(code: u8) -> Option<&'static str> {
    Some(match code {
        1 => "eq",
        2 => "ne",
        3 => "gt",
        4 => "ge",
        5 => "lt",
        6 => "le",
        8 => "ov",
        9 => "un",
        _ => return None,
    })
}

/// Predicate control suffixes (§5.2.3 bits 19:16): index = code; `""` is the sequential
/// mapping (0001); `None` reserved. Code 0 is no predication.
pub fn pred_suffix(align16: bool, code: u8) -> Option<&'static str> {
    const A1: [&str; 14] = [
        "", "", ".anyv", ".allv", ".any2h", ".all2h", ".any4h", ".all4h", ".any8h", ".all8h",
        ".any16h", ".all16h", ".any32h", ".all32h",
    ];
    const A16: [&str; 8] = ["", "", ".x", ".y", ".z", ".w", ".any4h", ".all4h"];
    let t: &[&str] = if align16 { &A16 } else { &A1 };
    t.get(usize::from(code)).copied()
}

/// SrcMod (§5.2.2): 00 none, 01 `(abs)`, 10 `-`, 11 `-(abs)`.
pub const SRC_MODS: [&str; 4] = ["", "(abs)", "-", "-(abs)"];

/// An ARF register type (RegNum[7:4], §3.3.3.1): its name and how many registers
/// (RegNum[3:0]) it has; `None` for the reserved types (0100b is not listed, 0101b, 0110b,
/// 1101b-1111b are reserved).
pub fn arf_kind(hi: u8) -> Option<(&'static str, u8)> {
    Some(match hi {
        0 => ("null", 1),
        1 => ("a", 1),
        2 => ("acc", 2),
        3 => ("f", 2),
        7 => ("sr", 1),
        8 => ("cr", 1),
        9 => ("n", 2),
        10 => ("ip", 1),
        11 => ("tdr", 1),
        12 => ("tm", 1),
        _ => return None,
    })
}

/// The name of ARF register `reg` (RegNum), or why it has none.
pub fn arf_name(reg: u8) -> Result<String, &'static str> {
    let (name, count) = arf_kind(reg >> 4).ok_or("reserved ARF register type (RegNum[7:4])")?;
    let n = reg & 0xF;
    if n >= count {
        return Err("no such ARF register number (RegNum[3:0])");
    }
    Ok(match name {
        "null" | "ip" => name.to_string(),
        _ => format!("{name}{n}"),
    })
}

/// The RegNum of an ARF register name (`acc1`, `f0`, `null`, `a0`, `tdr0`, …).
pub fn arf_reg(name: &str) -> Option<u8> {
    for hi in 0u8..16 {
        let Some((kind, count)) = arf_kind(hi) else {
            continue;
        };
        for n in 0..count {
            if arf_name(hi << 4 | n).ok().as_deref() == Some(name) {
                return Some(hi << 4 | n);
            }
            let _ = kind;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_and_words_agree() {
        let w = bits_of([0x0060_0040, 0x2140_77bd, 0x008d_0040, 0x008d_0060]);
        assert_eq!(get(w, 6, 0), 0x40);
        assert_eq!(get(w, 60, 53), 10);
        assert_eq!(
            words_of(w),
            [0x0060_0040, 0x2140_77bd, 0x008d_0040, 0x008d_0060]
        );
        let mut v = 0u128;
        set(&mut v, 127, 112, 0xfffff);
        assert_eq!(v >> 112, 0xffff);
    }

    /// §3.3.3.1 "Summary of Architecture Registers".
    #[test]
    fn arf_names_follow_the_summary_table() {
        assert_eq!(arf_name(0x00).as_deref(), Ok("null"));
        assert_eq!(arf_name(0x21).as_deref(), Ok("acc1"));
        assert_eq!(arf_name(0x31).as_deref(), Ok("f1"));
        assert_eq!(arf_name(0xA0).as_deref(), Ok("ip"));
        assert_eq!(arf_name(0x91).as_deref(), Ok("n1"));
        assert!(arf_name(0x22).is_err());
        assert!(arf_name(0x40).is_err());
        assert!(arf_name(0xD0).is_err());
        assert_eq!(arf_reg("tm0"), Some(0xC0));
        assert_eq!(arf_reg("acc2"), None);
    }
}
