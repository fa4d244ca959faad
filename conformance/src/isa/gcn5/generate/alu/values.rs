//! The edge values of the GCN5 ALU value vectors (`gcn5_alu.rs`): the classes of each
//! operand type, and a seeded random value of a type.

use super::super::Rng;
use gpuref_amd_gcn5::formats::valu::Ty;

/// The value classes of an operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    F16,
    F32,
    F64,
    I16,
    I32,
    I64,
    V2F16,
    V2I16,
    /// A lane-mask or SCC bit: 0 or 1.
    Bit,
}

pub(super) const F16: &[u64] = &[
    0, 0x8000, 1, 0x8001, 0x3ff, 0x83ff, 0x400, 0x8400, 0x7bff, 0xfbff, 0x3c00, 0xbc00, 0x7c00,
    0xfc00, 0x7e00, 0x7d23,
];
pub(super) const F32: &[u64] = &[
    0,
    0x8000_0000,
    1,
    0x8000_0001,
    0x7f_ffff,
    0x807f_ffff,
    0x80_0000,
    0x8080_0000,
    0x7f7f_ffff,
    0xff7f_ffff,
    0x3f80_0000,
    0xbf80_0000,
    0x7f80_0000,
    0xff80_0000,
    0x7fc0_0000,
    0x7fa1_2345,
];
pub(super) const F64: &[u64] = &[
    0,
    0x8000_0000_0000_0000,
    1,
    0x8000_0000_0000_0001,
    0x000f_ffff_ffff_ffff,
    0x800f_ffff_ffff_ffff,
    0x0010_0000_0000_0000,
    0x8010_0000_0000_0000,
    0x7fef_ffff_ffff_ffff,
    0xffef_ffff_ffff_ffff,
    0x3ff0_0000_0000_0000,
    0xbff0_0000_0000_0000,
    0x7ff0_0000_0000_0000,
    0xfff0_0000_0000_0000,
    0x7ff8_0000_0000_0000,
    0x7ff4_0000_0012_3456,
];
pub(super) const I16: &[u64] = &[
    0, 1, 2, 0x7fff, 0x8000, 0xffff, 0xf, 0x10, 0x11, 0xff, 0x100, 0xfffe,
];
pub(super) const I32: &[u64] = &[
    0,
    1,
    2,
    0x7fff_ffff,
    0x8000_0000,
    0xffff_ffff,
    0xffff_fffe,
    0x1f,
    0x20,
    0x21,
    0xff,
    0x100,
    0x7fff,
    0x8000,
    0xffff,
    0x1_0000,
    0x7f_ffff,
    0x80_0000,
    0xff_ffff,
];
pub(super) const I64: &[u64] = &[
    0,
    1,
    2,
    0x7fff_ffff_ffff_ffff,
    0x8000_0000_0000_0000,
    u64::MAX,
    0xffff_ffff,
    0x1_0000_0000,
    0x3f,
    0x40,
    0x41,
    0x8000_0000,
];

impl Kind {
    pub(super) fn of(ty: Ty) -> Kind {
        match ty {
            Ty::I16 => Kind::I16,
            Ty::F16 => Kind::F16,
            Ty::V2I16 => Kind::V2I16,
            Ty::V2F16 => Kind::V2F16,
            Ty::I32 | Ty::B128 => Kind::I32,
            Ty::F32 => Kind::F32,
            Ty::I64 => Kind::I64,
            Ty::F64 => Kind::F64,
        }
    }

    /// The edge values: every class of the type.
    pub(super) fn edges(self) -> Vec<u64> {
        let packed = |e: &[u64]| -> Vec<u64> {
            (0..e.len())
                .map(|i| e[i] | e[(i + 5) % e.len()] << 16)
                .collect()
        };
        match self {
            Kind::F16 => F16.to_vec(),
            Kind::F32 => F32.to_vec(),
            Kind::F64 => F64.to_vec(),
            Kind::I16 => I16.to_vec(),
            Kind::I32 => I32.to_vec(),
            Kind::I64 => I64.to_vec(),
            Kind::V2F16 => packed(F16),
            Kind::V2I16 => packed(I16),
            Kind::Bit => vec![0, 1],
        }
    }

    /// A random value: an edge, or random bits of the width.
    pub(super) fn random(self, rng: &mut Rng) -> u64 {
        let r = rng.next_u64();
        let e = self.edges();
        if r & 3 == 0 {
            return e[(r >> 8) as usize % e.len()];
        }
        let v = rng.next_u64();
        match self {
            Kind::F16 | Kind::I16 => v & 0xffff,
            Kind::F32 | Kind::I32 | Kind::V2F16 | Kind::V2I16 => v & 0xffff_ffff,
            Kind::F64 | Kind::I64 => v,
            Kind::Bit => v & 1,
        }
    }
}
