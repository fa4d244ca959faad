//! Where a lane's access goes: the FLAT aperture classification, GLOBAL's and SCRATCH's
//! address forms, and the scratch swizzle (Vega "Flat Memory Instructions": "Addressing",
//! "Global", "Scratch", "Memory Error Checking"; docs/design/0031).

use crate::formats::flat::{Flat, SADDR_OFF};
use crate::instructions::Format;
use crate::operand::ScalarReg;
use crate::wave::{Wave, LDS_BYTES};
use crate::Row;

/// The memory space and address of one lane's access.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loc {
    /// Memory, this byte address.
    Mem(u64),
    /// LDS, this byte offset from the shared aperture's base.
    Lds(u64),
    /// Private (scratch) space, this byte offset before the swizzle.
    Scratch(u64),
    /// A GLOBAL address in the shared aperture: MEM_VIOL (gcn5.flat.global_lds).
    Viol,
}

/// Where one byte goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Byte {
    Mem(u64),
    Lds(usize),
    /// Out of range or a violation: reads 0, writes nothing, sets MEM_VIOL.
    Out,
}

/// VGPR `v` of `lane` (0 past v255: the decoder keeps ranges inside).
pub(crate) fn vgpr(wave: &Wave, v: u16, lane: usize) -> u32 {
    wave.vgpr.get(usize::from(v)).map_or(0, |r| r[lane])
}

/// The scalar register with operand code `code` (0 for a code that is not a register).
pub(crate) fn sgpr(wave: &Wave, code: u8) -> u32 {
    ScalarReg::from_code(code).map_or(0, |r| wave.reg(r))
}

/// Whether bits 63:32 of `addr` lie in the aperture `[base, limit]` (gcn5.flat.aperture).
pub fn in_aperture(addr: u64, base: u32, limit: u32) -> bool {
    let hi = (addr >> 32) as u32;
    (base, limit) != (0, 0) && (base..=limit).contains(&hi)
}

/// The place of `lane`'s access.
pub fn locate(wave: &Wave, row: &Row, f: &Flat, lane: usize) -> Loc {
    let pair = |v: u8| {
        u64::from(vgpr(wave, u16::from(v), lane))
            | u64::from(vgpr(wave, u16::from(v) + 1, lane)) << 32
    };
    let signed = i64::from(f.signed_offset()) as u64;
    let [shared_base, shared_limit, private_base, private_limit, _] = wave.apertures;
    match row.format {
        Format::Global => {
            let addr = if f.saddr == SADDR_OFF {
                pair(f.addr)
            } else {
                let base = u64::from(sgpr(wave, f.saddr))
                    | u64::from(sgpr(wave, f.saddr.wrapping_add(1))) << 32;
                base.wrapping_add(u64::from(vgpr(wave, u16::from(f.addr), lane)))
            }
            .wrapping_add(signed);
            if in_aperture(addr, shared_base, shared_limit) {
                Loc::Viol
            } else {
                Loc::Mem(addr)
            }
        }
        Format::Scratch => {
            let o = if f.saddr == SADDR_OFF {
                vgpr(wave, u16::from(f.addr), lane)
            } else {
                sgpr(wave, f.saddr)
            };
            Loc::Scratch(u64::from(o.wrapping_add(signed as u32)))
        }
        _ => {
            let addr = pair(f.addr).wrapping_add(u64::from(f.offset & 0xfff));
            if in_aperture(addr, shared_base, shared_limit) {
                Loc::Lds(addr.wrapping_sub(u64::from(shared_base) << 32))
            } else if in_aperture(addr, private_base, private_limit) {
                Loc::Scratch(addr.wrapping_sub(u64::from(private_base) << 32))
            } else {
                Loc::Mem(addr)
            }
        }
    }
}

/// The memory address of private byte `o` of `lane` (gcn5.flat.scratch_swizzle: element
/// size 4, index stride 64).
pub fn swizzle(flat_scratch: u64, o: u64, lane: usize) -> u64 {
    flat_scratch
        .wrapping_add((o & !3).wrapping_mul(64))
        .wrapping_add(4 * lane as u64)
        .wrapping_add(o & 3)
}

/// Where byte `j` of an access at `loc` goes.
pub fn byte(wave: &Wave, loc: Loc, j: u32, lane: usize) -> Byte {
    let j = u64::from(j);
    match loc {
        Loc::Mem(a) => Byte::Mem(a.wrapping_add(j)),
        Loc::Lds(o) => {
            let limit = u64::from(wave.m0).min(LDS_BYTES as u64);
            match o.checked_add(j) {
                Some(at) if at < limit => Byte::Lds(at as usize),
                _ => Byte::Out,
            }
        }
        Loc::Scratch(o) => Byte::Mem(swizzle(wave.flat_scratch, o.wrapping_add(j), lane)),
        Loc::Viol => Byte::Out,
    }
}
