//! The memory atomics' value rule, shared by SMEM (S_ATOMIC_*, S_BUFFER_ATOMIC_*),
//! FLAT/GLOBAL and MUBUF (BUFFER_ATOMIC_*, "MUBUF Instructions" opcodes 64..=76 and
//! 96..=108): the pseudo-code lines of the Vega manual's "SMEM Instructions" and
//! "Flat Instructions" tables (`tmp = MEM[ADDR]; MEM[ADDR] = f(tmp, DATA); RETURN_DATA =
//! tmp`), and MI100's float atomics (docs/design/0031).

use gpuref_float::ops::add;
use gpuref_float::quirks::AmdGcn5;
use gpuref_float::{Binary16, Binary32, FpMode};

/// One atomic operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Swap,
    /// `src = DATA[0]; cmp = DATA[1]; MEM = (tmp == cmp) ? src : tmp` (X2: DATA[0:1] and
    /// DATA[2:3]).
    Cmpswap,
    Add,
    Sub,
    Smin,
    Umin,
    Smax,
    Umax,
    And,
    Or,
    Xor,
    Inc,
    Dec,
    /// MI100 GLOBAL_ATOMIC_ADD_F32.
    AddF32,
    /// MI100 GLOBAL_ATOMIC_PK_ADD_F16.
    PkAddF16,
}

/// The operation and width (64-bit for the `_X2` rows) of an atomic row's name, e.g.
/// `S_BUFFER_ATOMIC_CMPSWAP_X2` or `GLOBAL_ATOMIC_ADD_F32`; `None` for other rows.
pub fn parse(name: &str) -> Option<(Op, bool)> {
    let (_, rest) = name.split_once("ATOMIC_")?;
    let (op, wide) = match rest.strip_suffix("_X2") {
        Some(op) => (op, true),
        None => (rest, false),
    };
    let op = match op {
        "SWAP" => Op::Swap,
        "CMPSWAP" => Op::Cmpswap,
        "ADD" => Op::Add,
        "SUB" => Op::Sub,
        "SMIN" => Op::Smin,
        "UMIN" => Op::Umin,
        "SMAX" => Op::Smax,
        "UMAX" => Op::Umax,
        "AND" => Op::And,
        "OR" => Op::Or,
        "XOR" => Op::Xor,
        "INC" => Op::Inc,
        "DEC" => Op::Dec,
        "ADD_F32" => Op::AddF32,
        "PK_ADD_F16" => Op::PkAddF16,
        _ => return None,
    };
    Some((op, wide))
}

/// Whether a float atomic's operands or result leave the value to a rule the spec does not
/// state (a NaN or a subnormal anywhere: `gcn5.flat.float_atomic`).
pub fn float_unsettled(op: Op, tmp: u64, data: u64, new: u64) -> bool {
    let f32_odd = |x: u64| {
        let e = (x >> 23) & 0xff;
        (e == 0xff || e == 0) && x & 0x7f_ffff != 0
    };
    let f16_odd = |x: u64| {
        let e = (x >> 10) & 0x1f;
        (e == 0x1f || e == 0) && x & 0x3ff != 0
    };
    match op {
        Op::AddF32 => [tmp, data, new].iter().any(|&x| f32_odd(x & 0xffff_ffff)),
        Op::PkAddF16 => [tmp, data, new]
            .iter()
            .any(|&x| f16_odd(x & 0xffff) || f16_odd((x >> 16) & 0xffff)),
        _ => false,
    }
}

/// The new memory value: `tmp` the old one, `data` DATA[0] (DATA[0:1] for X2), `cmp` the
/// compare value of CMPSWAP. 32-bit operations use and return the low 32 bits.
pub fn apply(op: Op, wide: bool, tmp: u64, data: u64, cmp: u64) -> u64 {
    let mask = if wide { u64::MAX } else { 0xffff_ffff };
    let (t, d) = (tmp & mask, data & mask);
    // Sign-extend to 64 bits for the signed compares.
    let s = |x: u64| {
        if wide {
            x as i64
        } else {
            i64::from(x as u32 as i32)
        }
    };
    let r = match op {
        Op::Swap => d,
        Op::Cmpswap => {
            if t == cmp & mask {
                d
            } else {
                t
            }
        }
        Op::Add => t.wrapping_add(d),
        Op::Sub => t.wrapping_sub(d),
        // The X2 rows print `MEM[ADDR] -= (...)`: read as `=` (gcn5.mem.minmax_x2).
        Op::Smin => {
            if s(d) < s(t) {
                d
            } else {
                t
            }
        }
        Op::Umin => d.min(t),
        Op::Smax => {
            if s(d) > s(t) {
                d
            } else {
                t
            }
        }
        Op::Umax => d.max(t),
        Op::And => t & d,
        Op::Or => t | d,
        Op::Xor => t ^ d,
        Op::Inc => {
            if t >= d {
                0
            } else {
                t.wrapping_add(1)
            }
        }
        Op::Dec => {
            if t == 0 || t > d {
                d
            } else {
                t.wrapping_sub(1)
            }
        }
        Op::AddF32 => u64::from(add::<Binary32, AmdGcn5>(t as u32, d as u32, &FpMode::IEEE).value),
        Op::PkAddF16 => {
            let half = |sh: u32| {
                let a = (t >> sh) as u16;
                let b = (d >> sh) as u16;
                u64::from(add::<Binary16, AmdGcn5>(a, b, &FpMode::IEEE).value) << sh
            };
            half(0) | half(16)
        }
    };
    r & mask
}
