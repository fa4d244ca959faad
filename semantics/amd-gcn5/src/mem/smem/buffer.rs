//! The SMEM address: the base (an SGPR pair, or the V# of the S_BUFFER_* rows), the
//! offsets, the two-LSB rule and the buffer range check (Vega "Scalar Memory Addressing",
//! "Reads/Writes/Atomics using Buffer Constant"; docs/design/0031).

use super::{reg_offset, LSBS, NEGATIVE};
use crate::formats::smem::{check_base, shape, Smem};
use crate::mem::flat::place::sgpr;
use crate::operand::ScalarReg;
use crate::wave::Wave;
use crate::Row;

/// The fields of a buffer resource (V#) that SMEM uses ("Buffer constant fields used:
/// base_address, stride, num_records, NV"): base = {dword1[15:0], dword0}, stride =
/// dword1[29:16] (the V# table's bits 61:48; the SMEM pseudo-code's [31:16] would take in
/// the two swizzle bits above it), num_records = dword2.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Descriptor {
    pub base: u64,
    pub stride: u32,
    pub num_records: u32,
}

impl Descriptor {
    /// Decode the four dwords of a V#.
    pub fn decode(words: [u32; 4]) -> Descriptor {
        Descriptor {
            base: u64::from(words[0]) | u64::from(words[1] & 0xffff) << 32,
            stride: (words[1] >> 16) & 0x3fff,
            num_records: words[2],
        }
    }
}

/// Where an SMEM instruction's dwords go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Address {
    /// The byte address of dword 0 (two LSBs clear; six for S_DCACHE_DISCARD's line).
    pub addr: u64,
    /// A rule that leaves the whole address open (the LSB readings differ, a negative sum).
    pub why: Option<&'static str>,
    /// The buffer forms: the byte offset checked against the buffer, and the V#.
    pub range: Option<(u64, Descriptor)>,
}

impl Address {
    /// The address of dword `i`.
    pub fn at(&self, i: u32) -> u64 {
        self.addr.wrapping_add(4 * u64::from(i))
    }

    /// Whether dword `i` is inside the buffer (always, for the non-buffer forms), and the
    /// rule that leaves the dword open, if any.
    pub fn dword(&self, i: u32) -> (bool, Option<&'static str>) {
        let Some((offset, d)) = self.range else {
            return (true, self.why);
        };
        let at = offset.saturating_add(4 * u64::from(i));
        let size = if d.stride == 0 {
            u64::from(d.num_records)
        } else {
            u64::from(d.num_records) * u64::from(d.stride)
        };
        // The pseudo-code's reading: m_size = (stride == 0) ? 1 : num_records.
        let literal = if d.stride == 0 {
            1
        } else {
            u64::from(d.num_records)
        };
        let inside = at < size;
        let why = if inside != (at < literal) {
            Some("gcn5.smem.buffer_range")
        } else {
            None
        };
        (inside, self.why.or(why))
    }
}

fn regs(wave: &Wave, first: ScalarReg, n: u8) -> Vec<u32> {
    (0..n)
        .map(|i| sgpr(wave, first.code().wrapping_add(i)))
        .collect()
}

/// The address of an SMEM instruction that has a base operand.
pub fn address(wave: &Wave, row: &Row, f: &Smem) -> Address {
    let s = shape(row);
    let base_reg = check_base(f.sbase, s.base).unwrap_or(ScalarReg::Sgpr(crate::operand::Sgpr(0)));
    let (imm, reg) = reg_offset(wave, f.offset);
    let reg = if row.name.starts_with("S_SCRATCH_") {
        u64::from(reg) * 64
    } else {
        u64::from(reg)
    };
    let lsbs: u64 = if row.name.starts_with("S_DCACHE_DISCARD") {
        63
    } else {
        3
    };
    let (base, range) = if s.base == 4 {
        let w = regs(wave, base_reg, 4);
        let d = Descriptor::decode([w[0], w[1], w[2], w[3]]);
        // The buffer immediate is unsigned: imm >= 0 here.
        (d.base, Some((reg.wrapping_add(imm as u64), d)))
    } else {
        let w = regs(wave, base_reg, 2);
        (u64::from(w[0]) | u64::from(w[1]) << 32, None)
    };
    let imm_u = imm as u64;
    // Each component's LSBs cleared (the text), or the sum's (the buffer pseudo-code).
    let each = (base & !lsbs)
        .wrapping_add(imm_u & !lsbs)
        .wrapping_add(reg & !lsbs);
    let sum = (base & !3).wrapping_add(imm_u).wrapping_add(reg) & !lsbs;
    let mut why = (each != sum).then_some(LSBS);
    // Only the forms with both terms: a lone negative immediate is a signed offset.
    let both = matches!(f.offset, crate::formats::smem::SmemOffset::RegImm(..));
    if both && imm < 0 && imm.wrapping_add(reg as i64) < 0 {
        why = Some(NEGATIVE);
    }
    Address {
        addr: each,
        why,
        range,
    }
}
