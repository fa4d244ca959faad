//! Buffer atomics (Vega "MUBUF Instructions" opcodes 64..=76 and 96..=108; MI100's
//! BUFFER_ATOMIC_ADD_F32 and BUFFER_ATOMIC_PK_ADD_F16 from "Feature Changes in MI100
//! devices"). Each returns the new memory value; the caller returns the old one under GLC.

use gpuref_float::ops::add;
use gpuref_float::quirks::AmdGcn5;
use gpuref_float::{Binary16, Binary32, FpMode};

/// An atomic operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Atomic {
    Swap,
    CmpSwap,
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
    AddF32,
    PkAddF16,
}

/// The new memory value of a `bits`-wide (32 or 64) atomic: `tmp` the old value, `data`
/// DATA (DATA[0:1] for X2), `cmp` CMPSWAP's compare value (DATA[1], or DATA[2:3] for X2).
pub fn apply(op: Atomic, bits: u32, tmp: u64, data: u64, cmp: u64) -> u64 {
    let m = if bits == 64 { u64::MAX } else { 0xffff_ffff };
    let signed = |v: u64| -> i64 {
        if bits == 64 {
            v as i64
        } else {
            i64::from(v as u32 as i32)
        }
    };
    let r = match op {
        // tmp = MEM[ADDR]; MEM[ADDR] = DATA; RETURN_DATA = tmp.
        Atomic::Swap => data,
        // src = DATA[0]; cmp = DATA[1]; MEM[ADDR] = (tmp == cmp) ? src : tmp.
        Atomic::CmpSwap => {
            if tmp == cmp {
                data
            } else {
                tmp
            }
        }
        // MEM[ADDR] += DATA.
        Atomic::Add => tmp.wrapping_add(data),
        // MEM[ADDR] -= DATA.
        Atomic::Sub => tmp.wrapping_sub(data),
        // MEM[ADDR] = (DATA < tmp) ? DATA : tmp; // signed compare
        Atomic::Smin => {
            if signed(data) < signed(tmp) {
                data
            } else {
                tmp
            }
        }
        // MEM[ADDR] = (DATA < tmp) ? DATA : tmp; // unsigned compare
        Atomic::Umin => data.min(tmp),
        // MEM[ADDR] = (DATA > tmp) ? DATA : tmp; // signed compare
        Atomic::Smax => {
            if signed(data) > signed(tmp) {
                data
            } else {
                tmp
            }
        }
        // MEM[ADDR] = (DATA > tmp) ? DATA : tmp; // unsigned compare
        Atomic::Umax => data.max(tmp),
        Atomic::And => tmp & data,
        Atomic::Or => tmp | data,
        Atomic::Xor => tmp ^ data,
        // MEM[ADDR] = (tmp >= DATA) ? 0 : tmp + 1; // unsigned compare
        Atomic::Inc => {
            if tmp >= data {
                0
            } else {
                tmp.wrapping_add(1)
            }
        }
        // MEM[ADDR] = (tmp == 0 || tmp > DATA) ? DATA : tmp - 1; // unsigned compare
        Atomic::Dec => {
            if tmp == 0 || tmp > data {
                data
            } else {
                tmp.wrapping_sub(1)
            }
        }
        // MEM[ADDR] += DATA as binary32 (rule gcn5.buffer_atomic_add_f32.mode).
        Atomic::AddF32 => {
            u64::from(add::<Binary32, AmdGcn5>(tmp as u32, data as u32, &FpMode::IEEE).value)
        }
        // Each 16-bit half: MEM[ADDR].h += DATA.h as binary16.
        Atomic::PkAddF16 => {
            let h = |s: u32| {
                u64::from(
                    add::<Binary16, AmdGcn5>((tmp >> s) as u16, (data >> s) as u16, &FpMode::IEEE)
                        .value,
                ) << s
            };
            h(0) | h(16)
        }
    };
    r & m
}
