//! The atomics' update of the old LDS value (Vega "LDS & GDS Instructions": every atomic is
//! `tmp = MEM[ADDR]; MEM[ADDR] = f(tmp, DATA, DATA2); RETURN_DATA = tmp`).

use super::rows::Atom;
use gpuref_float::ops::{add, compare, Predicate};
use gpuref_float::quirks::AmdGcn5;
use gpuref_float::{Binary32, Binary64, FpMode};

/// The float environment of the LDS float atomics (rule `gcn5.ds.float_atomic`): MODE is
/// not read; IEEE round to nearest even with denormals kept.
const LDS_FP: FpMode = FpMode::IEEE;

/// Whether the float relation `pred` holds for `a` and `b` (32- or 64-bit).
fn fcmp(wide: bool, a: u64, b: u64, pred: Predicate) -> bool {
    if wide {
        compare::<Binary64, AmdGcn5>(a, b, pred, false, &LDS_FP).value
    } else {
        compare::<Binary32, AmdGcn5>(a as u32, b as u32, pred, false, &LDS_FP).value
    }
}

/// `tmp` sign-extended from the row's width.
fn signed(wide: bool, v: u64) -> i64 {
    if wide {
        v as i64
    } else {
        i64::from(v as u32 as i32)
    }
}

/// The new LDS value of atomic `a` from the old one `tmp`, DATA `d0` and DATA2 `d1`, in
/// the row's width (`wide`: 64 bits, else the low 32).
pub fn apply(a: Atom, wide: bool, tmp: u64, d0: u64, d1: u64) -> u64 {
    let mask = if wide { u64::MAX } else { 0xffff_ffff };
    let (tmp, d0, d1) = (tmp & mask, d0 & mask, d1 & mask);
    let v = match a {
        // MEM[ADDR] += DATA
        Atom::Add => tmp.wrapping_add(d0),
        // MEM[ADDR] -= DATA
        Atom::Sub => tmp.wrapping_sub(d0),
        // MEM[ADDR] = DATA - MEM[ADDR]
        Atom::Rsub => d0.wrapping_sub(tmp),
        // MEM[ADDR] = (tmp >= DATA) ? 0 : tmp + 1
        Atom::Inc => {
            if tmp >= d0 {
                0
            } else {
                tmp.wrapping_add(1)
            }
        }
        // MEM[ADDR] = (tmp == 0 || tmp > DATA) ? DATA : tmp - 1
        Atom::Dec => {
            if tmp == 0 || tmp > d0 {
                d0
            } else {
                tmp.wrapping_sub(1)
            }
        }
        // MEM[ADDR] = (DATA < tmp) ? DATA : tmp, signed / unsigned
        Atom::MinI if signed(wide, d0) < signed(wide, tmp) => d0,
        Atom::MaxI if signed(wide, d0) > signed(wide, tmp) => d0,
        Atom::MinU if d0 < tmp => d0,
        Atom::MaxU if d0 > tmp => d0,
        Atom::MinI | Atom::MaxI | Atom::MinU | Atom::MaxU => tmp,
        Atom::And => tmp & d0,
        Atom::Or => tmp | d0,
        Atom::Xor => tmp ^ d0,
        // MEM[ADDR] = (MEM[ADDR] & ~DATA) | DATA2
        Atom::Mskor => (tmp & !d0) | d1,
        // src = DATA2; cmp = DATA; MEM[ADDR] = (tmp == cmp) ? src : tmp
        Atom::Cmpst if tmp == d0 => d1,
        Atom::CmpstF if fcmp(wide, tmp, d0, Predicate::Equal) => d1,
        // MIN: (cmp < tmp) ? src : tmp; MAX read as (cmp > tmp) ? src : tmp; src = cmp = DATA
        // (rule gcn5.ds.float_minmax).
        Atom::MinF if fcmp(wide, d0, tmp, Predicate::Less) => d0,
        Atom::MaxF if fcmp(wide, d0, tmp, Predicate::Greater) => d0,
        Atom::Cmpst | Atom::CmpstF | Atom::MinF | Atom::MaxF => tmp,
        // MEM[ADDR] += DATA, floating point
        Atom::AddF if wide => add::<Binary64, AmdGcn5>(tmp, d0, &LDS_FP).value,
        Atom::AddF => u64::from(add::<Binary32, AmdGcn5>(tmp as u32, d0 as u32, &LDS_FP).value),
        // MEM[ADDR] = DATA
        Atom::Xchg => d0,
        // MEM[ADDR] = (tmp >= DATA) ? tmp - DATA : tmp + DATA2
        Atom::Wrap => {
            if tmp >= d0 {
                tmp.wrapping_sub(d0)
            } else {
                tmp.wrapping_add(d1)
            }
        }
    };
    v & mask
}
