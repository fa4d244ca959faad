//! The lanes of a FLAT/GLOBAL/SCRATCH instruction: what each row moves (loads with their
//! extension and D16 half, stores with their source bits, atomics), alignment, the
//! unsettled results (docs/design/0031).

use super::place::{byte, locate, vgpr, Byte, Loc};
use super::{ALIGN, D16, FLOAT_ATOMIC, LANE_ORDER, SBYTE_D16, SCRATCH};
use crate::formats::flat::Flat;
use crate::mem::atomic::{self, Op};
use crate::wave::{Output, Unsettled};
use crate::wave::{UnsettledLane, UnsettledMem, Wave, LANES};
use crate::Row;
use gpuref_core::open::Accept;

/// TRAPSTS.EXCP bit 8, "memory violation" (Vega "Trap Status register").
const MEM_VIOL: u32 = 1 << 8;

/// How a load fills its destination.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Load {
    /// Zero- or sign-extended byte/short to 32 bits: (bytes, signed).
    Ext(u32, bool),
    /// `n` dwords.
    Dwords(u32),
    /// A byte or short into one half: (bytes, signed, high half).
    D16(u32, bool, bool),
}

/// What a row does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Load(Load),
    /// (bytes, first source bit): BYTE 1,0; BYTE_D16_HI 1,16; SHORT 2,0; SHORT_D16_HI 2,16;
    /// DWORDxN 4n,0.
    Store(u32, u32),
    Atomic(Op, bool),
}

impl Kind {
    /// The kind of a FLAT/GLOBAL/SCRATCH row's name.
    pub fn of(name: &str) -> Option<Kind> {
        if let Some(a) = atomic::parse(name) {
            return Some(Kind::Atomic(a.0, a.1));
        }
        let (_, op) = name.split_once('_')?;
        let dwords = |s: &str| match s {
            "DWORD" => Some(1),
            "DWORDX2" => Some(2),
            "DWORDX3" => Some(3),
            "DWORDX4" => Some(4),
            _ => None,
        };
        if let Some(l) = op.strip_prefix("LOAD_") {
            return Some(Kind::Load(match l {
                "UBYTE" => Load::Ext(1, false),
                "SBYTE" => Load::Ext(1, true),
                "USHORT" => Load::Ext(2, false),
                "SSHORT" => Load::Ext(2, true),
                "UBYTE_D16" => Load::D16(1, false, false),
                "UBYTE_D16_HI" => Load::D16(1, false, true),
                "SBYTE_D16" => Load::D16(1, true, false),
                "SBYTE_D16_HI" => Load::D16(1, true, true),
                "SHORT_D16" => Load::D16(2, false, false),
                "SHORT_D16_HI" => Load::D16(2, false, true),
                d => Load::Dwords(dwords(d)?),
            }));
        }
        let s = op.strip_prefix("STORE_")?;
        Some(match s {
            "BYTE" => Kind::Store(1, 0),
            "BYTE_D16_HI" => Kind::Store(1, 16),
            "SHORT" => Kind::Store(2, 0),
            "SHORT_D16_HI" => Kind::Store(2, 16),
            d => Kind::Store(4 * dwords(d)?, 0),
        })
    }

    /// Bytes the access moves.
    fn bytes(self) -> u32 {
        match self {
            Kind::Load(Load::Ext(n, _) | Load::D16(n, _, _)) => n,
            Kind::Load(Load::Dwords(n)) => 4 * n,
            Kind::Store(n, _) => n,
            Kind::Atomic(_, wide) => 4 << u32::from(wide),
        }
    }

    /// The alignment the access needs: its size up to a dword, 8 for X2 atomics.
    fn natural(self) -> u64 {
        match self {
            Kind::Atomic(_, true) => 8,
            k => u64::from(k.bytes().min(4)),
        }
    }
}

fn set_vgpr(wave: &mut Wave, v: u16, lane: usize, x: u32) {
    if let Some(r) = wave.vgpr.get_mut(usize::from(v)) {
        r[lane] = x;
    }
}

/// One active lane's place, byte map and the rule that leaves its access open.
struct LanePlan {
    lane: usize,
    bytes: Vec<Byte>,
    why: Option<&'static str>,
}

fn plan(wave: &Wave, row: &Row, f: &Flat, kind: Kind, lane: usize) -> LanePlan {
    let mut loc = locate(wave, row, f, lane);
    let mut why = None;
    match &mut loc {
        Loc::Scratch(_) => why = Some(SCRATCH),
        Loc::Mem(a) | Loc::Lds(a) => {
            if *a % kind.natural() != 0 {
                why = Some(ALIGN);
            }
            if kind.bytes() >= 4 {
                *a &= !3;
            }
        }
        Loc::Viol => {}
    }
    let bytes = (0..kind.bytes())
        .map(|j| byte(wave, loc, j, lane))
        .collect();
    LanePlan { lane, bytes, why }
}

fn read(wave: &Wave, bytes: &[Byte]) -> u128 {
    bytes.iter().enumerate().fold(0u128, |v, (j, b)| {
        let x = match *b {
            Byte::Mem(a) => wave.mem.read_u8(a),
            Byte::Lds(o) => wave.lds.get(o).copied().unwrap_or(0),
            Byte::Out => 0,
        };
        v | u128::from(x) << (8 * j)
    })
}

fn write(wave: &mut Wave, bytes: &[Byte], v: u128) {
    for (j, b) in bytes.iter().enumerate() {
        let x = (v >> (8 * j)) as u8;
        match *b {
            Byte::Mem(a) => wave.mem.write_u8(a, x),
            Byte::Lds(o) => {
                if let Some(slot) = wave.lds.get_mut(o) {
                    *slot = x;
                }
            }
            Byte::Out => {}
        }
    }
}

fn note_bytes(wave: &mut Wave, bytes: &[Byte], rule: &'static str) {
    for b in bytes {
        let (lds, addr) = match *b {
            Byte::Mem(a) => (false, a),
            Byte::Lds(o) => (true, o as u64),
            Byte::Out => continue,
        };
        match wave.unsettled_mem.last_mut() {
            Some(m)
                if m.lds == lds
                    && m.rule == rule
                    && m.addr.wrapping_add(u64::from(m.bytes)) == addr =>
            {
                m.bytes += 1;
            }
            _ => wave.unsettled_mem.push(UnsettledMem {
                lds,
                addr,
                bytes: 1,
                rule,
            }),
        }
    }
}

fn unsettle_lane(wave: &mut Wave, vdst: u16, lane: usize, accept: Accept, rule: &'static str) {
    wave.unsettled.push(UnsettledLane {
        vdst: vdst as u8,
        dwords: 1,
        lane: lane as u8,
        why: Unsettled {
            output: Output::D,
            accept,
            rule,
            flags_settled: true,
        },
    });
}

/// Mark lanes whose written bytes another active lane also writes (gcn5.flat.lane_order).
fn races(plans: &mut [LanePlan]) {
    let mut all: Vec<(Byte, usize)> = plans
        .iter()
        .enumerate()
        .flat_map(|(i, p)| {
            p.bytes
                .iter()
                .filter(|b| **b != Byte::Out)
                .map(move |b| (*b, i))
        })
        .collect();
    all.sort();
    all.dedup();
    for w in all.windows(2) {
        if w[0].0 == w[1].0 {
            for i in [w[0].1, w[1].1] {
                if let Some(p) = plans.get_mut(i) {
                    p.why = p.why.or(Some(LANE_ORDER));
                }
            }
        }
    }
}

/// Run the active lanes of the instruction.
pub fn run(wave: &mut Wave, row: &Row, f: &Flat, kind: Kind) {
    let mut plans: Vec<LanePlan> = (0..LANES)
        .filter(|&l| wave.exec >> l & 1 == 1)
        .map(|l| plan(wave, row, f, kind, l))
        .collect();
    if !matches!(kind, Kind::Load(_)) {
        races(&mut plans);
    }
    for p in &plans {
        if p.bytes.contains(&Byte::Out) {
            wave.trapsts |= MEM_VIOL;
        }
        match kind {
            Kind::Load(l) => load(wave, f, l, p),
            Kind::Store(n, shift) => {
                let data = (0..n.div_ceil(4)).fold(0u128, |v, k| {
                    v | u128::from(vgpr(wave, u16::from(f.data) + k as u16, p.lane)) << (32 * k)
                });
                write(wave, &p.bytes, data >> shift);
                if let Some(rule) = p.why {
                    note_bytes(wave, &p.bytes, rule);
                }
            }
            Kind::Atomic(op, wide) => run_atomic(wave, f, op, wide, p),
        }
    }
}

fn load(wave: &mut Wave, f: &Flat, l: Load, p: &LanePlan) {
    let v = read(wave, &p.bytes);
    let vdst = u16::from(f.vdst);
    match l {
        Load::Ext(n, signed) => {
            let bits = 8 * n;
            let x = v as u32;
            let x = if signed {
                ((x << (32 - bits)) as i32 >> (32 - bits)) as u32
            } else {
                x
            };
            set_vgpr(wave, vdst, p.lane, x);
            if let Some(rule) = p.why {
                unsettle_lane(wave, vdst, p.lane, Accept::Mask(0), rule);
            }
        }
        Load::Dwords(n) => {
            for k in 0..n {
                let d = vdst + k as u16;
                set_vgpr(wave, d, p.lane, (v >> (32 * k)) as u32);
                if let Some(rule) = p.why {
                    unsettle_lane(wave, d, p.lane, Accept::Mask(0), rule);
                }
            }
        }
        Load::D16(n, signed, hi) => {
            let half = if signed && n == 1 {
                (v as u8 as i8) as i16 as u16
            } else {
                v as u16
            };
            let sh = if hi { 16 } else { 0 };
            let old = vgpr(wave, vdst, p.lane);
            let new = (old & !(0xffff << sh)) | u32::from(half) << sh;
            set_vgpr(wave, vdst, p.lane, new);
            let (accept, rule) = match p.why {
                Some(rule) => (0, rule),
                None if signed && n == 1 && half & 0x80 != 0 => (0xff << sh, SBYTE_D16),
                None => (0xffff << sh, D16),
            };
            unsettle_lane(wave, vdst, p.lane, Accept::Mask(accept), rule);
        }
    }
}

fn run_atomic(wave: &mut Wave, f: &Flat, op: Op, wide: bool, p: &LanePlan) {
    let w: u16 = if wide { 2 } else { 1 };
    let value = |wave: &Wave, first: u16| {
        (0..w).fold(0u64, |v, k| {
            v | u64::from(vgpr(wave, u16::from(f.data) + first + k, p.lane)) << (32 * k)
        })
    };
    let data = value(wave, 0);
    let cmp = value(wave, w);
    let tmp = read(wave, &p.bytes) as u64;
    let new = atomic::apply(op, wide, tmp, data, cmp);
    // An access with a byte out of range is dropped whole (atomics are all or nothing).
    let inside = !p.bytes.contains(&Byte::Out);
    if inside {
        write(wave, &p.bytes, u128::from(new));
    }
    let mem_why = p.why.or_else(|| {
        (inside && atomic::float_unsettled(op, tmp, data, new)).then_some(FLOAT_ATOMIC)
    });
    if let Some(rule) = mem_why {
        note_bytes(wave, &p.bytes, rule);
    }
    let ret = if inside { tmp } else { 0 };
    if f.glc {
        for k in 0..w {
            let d = u16::from(f.vdst) + k;
            set_vgpr(wave, d, p.lane, (ret >> (32 * k)) as u32);
            if let Some(rule) = p.why {
                unsettle_lane(wave, d, p.lane, Accept::Mask(0), rule);
            }
        }
    }
}
