//! The compacted 64-bit form (§5.3 "EU Compact Instructions", §5.3.1 "EU Compact
//! Instruction Format") and its five lookup tables (§5.3.1.1 "EU Instruction Compaction
//! Tables": ControlIndex, DataTypeIndex, SubRegIndex, and one table shared by Src0Index and
//! Src1Index). "For this processor, instructions with three source operands cannot be
//! compacted" (§5.3.1).
//!
//! The text's table bit strings are damaged by the PDF extraction (digits dropped or
//! doubled in several rows); the values here are the reading consistent with every row's
//! "Mapped Meaning" column, and each entry round-trips through `iga64 -p=7p5`
//! (docs/design/0045-gen7-encodings.md lists the damaged rows).
//!
//! Compact bit layout (§5.3.1): 63:56 Src1.RegNum (or Imm32[7:0]), 55:48 Src0.RegNum,
//! 47:40 Dst.RegNum, 39:35 Src1Index (or Imm32[12:8], bit 39 replicated into Imm32[31:13]),
//! 34:30 Src0Index, 29 CmptCtrl, 28 reserved MBZ, 27:24 CondModifier, 23 AccWrCtrl,
//! 22:18 SubRegIndex, 17:13 DataTypeIndex, 12:8 ControlIndex, 7 DebugCtrl, 6:0 Opcode.

use super::fields::{get, set, IMM_FILE};
use gpuref_core::decode::DecodeError;

/// ControlIndex (19 bits): [18] FlagRegNum (native 90), [17] FlagSubRegNum (89),
/// [16] Saturate (31), [15:0] native bits 23:8.
#[rustfmt::skip]
pub const CONTROL: [u32; 32] = [
    0b0000000000000000010, 0b0000100000000000000, 0b0000100000000000001, 0b0000100000000000010,
    0b0000100000000000011, 0b0000100000000000100, 0b0000100000000000101, 0b0000100000000000111,
    0b0000100000000001000, 0b0000100000000001001, 0b0000100000000001101, 0b0000110000000000000,
    0b0000110000000000001, 0b0000110000000000010, 0b0000110000000000011, 0b0000110000000000100,
    0b0000110000000000101, 0b0000110000000000111, 0b0000110000000001001, 0b0000110000000001101,
    0b0000110000000010000, 0b0000110000100000000, 0b0001000000000000000, 0b0001000000000000010,
    0b0001000000000000100, 0b0001000000100000000, 0b0010110000000000000, 0b0010110000000010000,
    0b0011000000000000000, 0b0011000000100000000, 0b0101000000000000000, 0b0101000000100000000,
];

/// DataTypeIndex (18 bits): [17:15] native 63:61 (Dst.AddrMode, Dst.HorzStride),
/// [14:0] native 46:32 (the register files and types).
#[rustfmt::skip]
pub const DATA_TYPE: [u32; 32] = [
    0b001000000000000001, 0b001000000000100000, 0b001000000000100001, 0b001000000001100001,
    0b001000000010111101, 0b001000001011111101, 0b001000001110100001, 0b001000001110100101,
    0b001000001110111101, 0b001000010000100001, 0b001000110000100000, 0b001000110000100001,
    0b001001010010100101, 0b001001110010100100, 0b001001110010100101, 0b001111001110111101,
    0b001111011110011101, 0b001111011110111100, 0b001111011110111101, 0b001111111110111100,
    0b000000001000001100, 0b001000000000111101, 0b001000000010100101, 0b001000010000100000,
    0b001001010010100100, 0b001001110010000100, 0b001010010100001001, 0b001101111110111101,
    0b001111111110111101, 0b001011110110101100, 0b001010010100101000, 0b001010110100101000,
];

/// SubRegIndex (15 bits): [14:10] native 100:96, [9:5] 68:64, [4:0] 52:48.
#[rustfmt::skip]
pub const SUB_REG: [u32; 32] = [
    0b000000000000000, 0b000000000000001, 0b000000000001000, 0b000000000001111,
    0b000000000010000, 0b000000010000000, 0b000000100000000, 0b000000110000000,
    0b000001000000000, 0b000001000010000, 0b000001010000000, 0b001000000000000,
    0b001000000000001, 0b001000010000001, 0b001000010000010, 0b001000010000011,
    0b001000010000100, 0b001000010000111, 0b001000010001000, 0b001000010001110,
    0b001000010001111, 0b001000110000000, 0b001000111101000, 0b010000000000000,
    0b010000110000000, 0b011000000000000, 0b011110010000111, 0b100000000000000,
    0b101000000000000, 0b110000000000000, 0b111000000000000, 0b111000000011100,
];

/// Src0Index / Src1Index (12 bits): native 88:77 for src0, 120:109 for src1 (VertStride,
/// Width or ChanSel[7:4], HorzStride, AddrMode, SrcMod).
#[rustfmt::skip]
pub const SRC_INDEX: [u32; 32] = [
    0b000000000000, 0b000000000010, 0b000000010000, 0b000000010010,
    0b000000011000, 0b000000100000, 0b000000101000, 0b000001001000,
    0b000001010000, 0b000001110000, 0b000001111000, 0b001100000000,
    0b001100000010, 0b001100001000, 0b001100010000, 0b001100010010,
    0b001100100000, 0b001100101000, 0b001100111000, 0b001101000000,
    0b001101000010, 0b001101001000, 0b001101010000, 0b001101100000,
    0b001101101000, 0b001101110000, 0b001101110001, 0b001101111000,
    0b010001101000, 0b010001101001, 0b010001101010, 0b010110001000,
];

/// Whether the expanded instruction has an immediate source (its RegFile fields).
fn has_imm(native: u128) -> bool {
    get(native, 38, 37) == u32::from(IMM_FILE) || get(native, 43, 42) == u32::from(IMM_FILE)
}

/// Expand a compact instruction (the low 64 bits of `c`) into the native 128 bits.
pub fn expand(c: u64) -> Result<u128, DecodeError> {
    let c = u128::from(c);
    if get(c, 28, 28) != 0 {
        return Err(super::native::illegal(
            "bit 28 (compact)",
            1,
            "reserved, MBZ (§5.3.1)",
        ));
    }
    let mut w = 0u128;
    set(&mut w, 6, 0, get(c, 6, 0));
    set(&mut w, 30, 30, get(c, 7, 7));
    set(&mut w, 27, 24, get(c, 27, 24));
    set(&mut w, 28, 28, get(c, 23, 23));
    let ctrl = CONTROL[get(c, 12, 8) as usize];
    set(&mut w, 90, 89, ctrl >> 17);
    set(&mut w, 31, 31, ctrl >> 16);
    set(&mut w, 23, 8, ctrl);
    let dt = DATA_TYPE[get(c, 17, 13) as usize];
    set(&mut w, 63, 61, dt >> 15);
    set(&mut w, 46, 32, dt);
    let sr = SUB_REG[get(c, 22, 18) as usize];
    set(&mut w, 100, 96, sr >> 10);
    set(&mut w, 68, 64, sr >> 5);
    set(&mut w, 52, 48, sr);
    set(&mut w, 88, 77, SRC_INDEX[get(c, 34, 30) as usize]);
    set(&mut w, 60, 53, get(c, 47, 40));
    set(&mut w, 76, 69, get(c, 55, 48));
    if has_imm(w) {
        let imm13 = get(c, 39, 35) << 8 | get(c, 63, 56);
        let imm = ((imm13 << 19) as i32 >> 19) as u32;
        set(&mut w, 127, 96, imm);
    } else {
        set(&mut w, 120, 109, SRC_INDEX[get(c, 39, 35) as usize]);
        set(&mut w, 108, 101, get(c, 63, 56));
    }
    Ok(w)
}

fn index(table: &[u32; 32], v: u32) -> Option<u32> {
    table.iter().position(|&t| t == v).map(|p| p as u32)
}

/// The compact form of a native instruction, if the tables can say it exactly: the
/// compact word expands back to exactly `w`. 3-source instructions never compact
/// (§5.3.1); the caller says whether `w` is one.
pub fn compact(w: u128, three_src: bool) -> Option<u64> {
    if three_src || get(w, 29, 29) != 0 || get(w, 7, 7) != 0 {
        return None;
    }
    let mut c = 0u128;
    set(&mut c, 6, 0, get(w, 6, 0));
    set(&mut c, 7, 7, get(w, 30, 30));
    set(&mut c, 27, 24, get(w, 27, 24));
    set(&mut c, 23, 23, get(w, 28, 28));
    set(&mut c, 29, 29, 1);
    let ctrl = get(w, 90, 89) << 17 | get(w, 31, 31) << 16 | get(w, 23, 8);
    set(&mut c, 12, 8, index(&CONTROL, ctrl)?);
    let dt = get(w, 63, 61) << 15 | get(w, 46, 32);
    set(&mut c, 17, 13, index(&DATA_TYPE, dt)?);
    let imm = has_imm(w);
    let low = get(w, 68, 64) << 5 | get(w, 52, 48);
    let sr = if imm {
        // The immediate owns bits 100:96: any entry whose dst/src0 part matches.
        SUB_REG.iter().position(|&t| t & 0x3FF == low)? as u32
    } else {
        index(&SUB_REG, get(w, 100, 96) << 10 | low)?
    };
    set(&mut c, 22, 18, sr);
    set(&mut c, 34, 30, index(&SRC_INDEX, get(w, 88, 77))?);
    set(&mut c, 47, 40, get(w, 60, 53));
    set(&mut c, 55, 48, get(w, 76, 69));
    if imm {
        let v = get(w, 127, 96);
        set(&mut c, 63, 56, v);
        set(&mut c, 39, 35, v >> 8);
    } else {
        set(&mut c, 39, 35, index(&SRC_INDEX, get(w, 120, 109))?);
        set(&mut c, 63, 56, get(w, 108, 101));
    }
    let c = c as u64;
    (expand(c).ok()? == w).then_some(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Spot checks typed from the "Mapped Meaning" column of §5.3.1.1.
    #[test]
    fn entries_mean_what_the_manual_labels_them() {
        // ControlIndex 22 "Align1 H1 (16) f0.0": ExecSize (bits 23:21 → entry 15:13) = 100.
        assert_eq!(CONTROL[22] >> 13 & 7, 0b100);
        // ControlIndex 30 "Align1 H1 (16) f0.1": FlagSubRegNum set.
        assert_eq!(CONTROL[30] >> 17, 0b01);
        // ControlIndex 2 "Align16 (4) f0.0": AccessMode set, ExecSize 010.
        assert_eq!((CONTROL[2] & 1, CONTROL[2] >> 13 & 7), (1, 0b010));
        // DataTypeIndex 18 "r:f r:f r:f <1> dir": every file GRF (01), every type F (111).
        assert_eq!(DATA_TYPE[18] & 0x7FFF, 0b1111_0111_1011_1101 & 0x7FFF);
        // SubRegIndex 31 "28 0 28".
        assert_eq!(
            (SUB_REG[31] >> 10, SUB_REG[31] >> 5 & 31, SUB_REG[31] & 31),
            (28, 0, 28)
        );
        // Src index 28 "dir <8;8,1>": VertStride 0100, Width 011, HorzStride 01.
        #[allow(clippy::unusual_byte_groupings)] // VertStride_Width_HorzStride_AddrMode_SrcMod
        let want = 0b0100_011_01_0_00;
        assert_eq!(SRC_INDEX[28], want);
        // Src index 31 "dir <16;16,1>": VertStride 0101, Width 100.
        #[allow(clippy::unusual_byte_groupings)]
        let want = 0b0101_100_01_0_00;
        assert_eq!(SRC_INDEX[31], want);
    }

    #[test]
    fn tables_have_no_duplicate_entries() {
        for t in [&CONTROL, &DATA_TYPE, &SUB_REG, &SRC_INDEX] {
            for i in 0..32 {
                for j in i + 1..32 {
                    assert_ne!(t[i], t[j], "entries {i} and {j}");
                }
            }
        }
    }

    /// Every entry of every table is reached by compacting its own expansion.
    #[test]
    fn every_table_entry_compacts_back_to_itself() {
        for i in 0..32u64 {
            for (lo, field) in [
                (8, "control"),
                (13, "data type"),
                (18, "subreg"),
                (30, "src0"),
                (35, "src1"),
            ] {
                // add with everything else at index 0 (data type 18 when testing src1 so
                // no operand is an immediate).
                let mut c: u64 = 0x40 | 1 << 29;
                if lo != 13 {
                    c |= 18 << 13;
                }
                c |= i << lo;
                let w = expand(c).unwrap();
                if field == "src1" && has_imm(w) {
                    continue;
                }
                assert_eq!(compact(w, false), Some(c), "{field} entry {i}");
            }
        }
    }

    /// §5.3.1: an immediate's 13 bits come from compact 39:35 and 63:56, bit 39 replicated.
    #[test]
    fn compact_immediates_sign_extend_from_13_bits() {
        // mov, data type 3 "r:ud i:ud a:ud", imm bits 0x1FFF → 0xFFFFFFFF.
        let c: u64 = 0x01 | 1 << 29 | 3 << 13 | 0x1F << 35 | 0xFF << 56;
        assert_eq!(expand(c).unwrap() >> 96, 0xFFFF_FFFF);
        let c: u64 = 0x01 | 1 << 29 | 3 << 13 | 0x0F << 35 | 0x05 << 56;
        assert_eq!(expand(c).unwrap() >> 96, 0x0F05);
        assert!(expand(1 << 28 | 1 << 29).is_err());
    }
}
