//! Small helpers every kernel family uses: reading an operand's low bits as a type, and
//! wrapping a result into a [`LaneOut`].

use super::{LaneCtx, LaneOut};
use gpuref_float::{Flagged, Flags};

/// The low 32 bits of an operand, unsigned.
pub fn u32_(v: u64) -> u32 {
    v as u32
}
/// The low 32 bits of an operand, signed.
pub fn i32_(v: u64) -> i32 {
    v as u32 as i32
}
/// The low 16 bits of an operand, unsigned.
pub fn u16_(v: u64) -> u16 {
    v as u16
}
/// The low 16 bits of an operand, signed.
pub fn i16_(v: u64) -> i16 {
    v as u16 as i16
}
/// A 32-bit result.
pub fn d32(v: u32) -> LaneOut {
    LaneOut::d(u64::from(v))
}
/// A 16-bit result.
pub fn d16(v: u16) -> LaneOut {
    LaneOut::d(u64::from(v))
}

/// An f16 result under MODE.FP16_OVFL (rule `gcn5.valu.fp16_ovfl`): a result that
/// overflowed (the flag, so never an infinity from an infinite operand) becomes the
/// largest finite f16 of its sign.
pub fn fp16_ovfl(r: Flagged<u16>, c: &LaneCtx) -> Flagged<u16> {
    if c.mode.fp16_ovfl() && r.flags.contains(Flags::OVERFLOW) {
        Flagged::new((r.value & 0x8000) | 0x7bff, r.flags)
    } else {
        r
    }
}

/// An f16 result under MODE.FP16_OVFL, as a lane result.
pub fn f16_result(r: Flagged<u16>, c: &LaneCtx) -> LaneOut {
    LaneOut::float(fp16_ovfl(r, c))
}
