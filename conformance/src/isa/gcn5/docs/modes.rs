//! The MODE fields a VALU or VOP3P row may read, derived from its operand types (no table lists
//! them per row; docs/design/0028): a float source reads its width's FP_DENORM field (input
//! flushing), a float destination its width's FP_ROUND and FP_DENORM fields (rounding,
//! output flushing; half precision uses the double fields, rule `gcn5.mode.f16_round`), an
//! integer destination computed from a float source that source's FP_ROUND field, an
//! f16 destination FP16_OVFL, any float operand IEEE (signalling NaNs, min/max, OMOD), and a
//! float destination with a CLAMP bit DX10_CLAMP. The set is an upper bound: a row may
//! ignore a field it lists (an exact conversion never rounds), never read one it does not
//! list (the test `mode_fields_not_listed_change_nothing` flips each unlisted field).

use super::{code, page_link, t, Block, Span};
use gpuref_amd_gcn5::formats::valu::{self, Role, Ty};
use gpuref_amd_gcn5::formats::vop3p::{self, Kind};
use gpuref_amd_gcn5::instructions::Row;
use gpuref_amd_gcn5::Format;

/// A MODE field: name, its bits in MODE, what it decides, the rule that says so.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Field {
    pub name: &'static str,
    pub mask: u32,
    pub what: &'static str,
    pub rule: &'static str,
}

pub const FP_ROUND_SP: Field = Field {
    name: "FP_ROUND[1:0]",
    mask: 0x3,
    what: "single-precision rounding",
    rule: "gcn5.mode.fields",
};
pub const FP_ROUND_DP: Field = Field {
    name: "FP_ROUND[3:2]",
    mask: 0xc,
    what: "double- and half-precision rounding",
    rule: "gcn5.mode.f16_round",
};
pub const FP_DENORM_SP: Field = Field {
    name: "FP_DENORM[5:4]",
    mask: 0x30,
    what: "single-precision denormals (inputs, outputs)",
    rule: "gcn5.mode.fields",
};
pub const FP_DENORM_DP: Field = Field {
    name: "FP_DENORM[7:6]",
    mask: 0xc0,
    what: "double- and half-precision denormals (inputs, outputs)",
    rule: "gcn5.mode.f16_round",
};
pub const DX10_CLAMP: Field = Field {
    name: "DX10_CLAMP (bit 8)",
    mask: 0x100,
    what: "what the CLAMP bit makes of a NaN",
    rule: "gcn5.valu.clamp_float",
};
pub const IEEE: Field = Field {
    name: "IEEE (bit 9)",
    mask: 0x200,
    what: "signalling NaN inputs, min/max NaN handling, whether OMOD applies",
    rule: "gcn5.valu.ieee0_snan",
};
pub const FP16_OVFL: Field = Field {
    name: "FP16_OVFL (bit 23)",
    mask: 0x80_0000,
    what: "an overflowed f16 result becomes ±max f16",
    rule: "gcn5.valu.fp16_ovfl",
};

/// Every field, in MODE bit order.
pub const ALL: [Field; 7] = [
    FP_ROUND_SP,
    FP_ROUND_DP,
    FP_DENORM_SP,
    FP_DENORM_DP,
    DX10_CLAMP,
    IEEE,
    FP16_OVFL,
];

fn single(ty: Ty) -> bool {
    ty == Ty::F32
}

/// The source types, destination type and CLAMP bit of a VALU or VOP3P row (`None`:
/// neither). A MIX row's sources are f32 or f16 (OPSEL_HI picks at run time): both.
pub fn types(row: &Row) -> Option<(Vec<Ty>, Option<Ty>, bool)> {
    if valu::is_valu(row) {
        let s = valu::shape(row);
        let srcs = s.sources().map(|o| o.ty).collect();
        let dst = s.get(Role::Vdst).map(|o| o.ty);
        return Some((srcs, dst, s.mods.clamp));
    }
    if row.format != Format::Vop3p {
        return None;
    }
    let mut srcs: Vec<Ty> = (0..vop3p::sources(row))
        .map(|i| vop3p::src_type(row, i))
        .collect();
    let dst = match vop3p::kind(row) {
        Kind::PackedF16 => Ty::V2F16,
        Kind::Mix => {
            srcs.push(Ty::F16);
            if row.name.ends_with("_F32") {
                Ty::F32
            } else {
                Ty::F16
            }
        }
        Kind::Dot2F16 => Ty::F32,
        Kind::PackedInt => Ty::V2I16,
        Kind::Dot2Int | Kind::DotPacked => Ty::I32,
    };
    Some((srcs, Some(dst), true))
}

/// The fields a VALU or VOP3P row may read (`None`: neither), in MODE bit order.
pub fn fields(row: &Row) -> Option<Vec<Field>> {
    let (srcs, dst, clamp) = types(row)?;
    let mut f = Vec::new();
    let mut any_float = false;
    let first_float = srcs.iter().copied().find(|t| t.is_float());
    for ty in srcs.into_iter().filter(|t| t.is_float()) {
        any_float = true;
        f.push(if single(ty) {
            FP_DENORM_SP
        } else {
            FP_DENORM_DP
        });
    }
    if let Some(d) = dst.filter(|t| t.is_float()) {
        any_float = true;
        if single(d) {
            f.extend([FP_ROUND_SP, FP_DENORM_SP]);
        } else {
            f.extend([FP_ROUND_DP, FP_DENORM_DP]);
        }
        if matches!(d, Ty::F16 | Ty::V2F16) {
            f.push(FP16_OVFL);
        }
        if clamp {
            f.push(DX10_CLAMP);
        }
    }
    // A float-to-integer destination (conversions, packing to normalized integers) rounds
    // under the first float source's width.
    if let (Some(d), Some(src)) = (dst, first_float) {
        if !d.is_float() {
            f.push(if single(src) {
                FP_ROUND_SP
            } else {
                FP_ROUND_DP
            });
        }
    }
    // MIX rows compute in f32 before converting to their destination (rule
    // gcn5.v_mad_mixlo_f16.rounding): the single-precision fields too.
    if row.format == Format::Vop3p && vop3p::kind(row) == Kind::Mix {
        f.extend([FP_ROUND_SP, FP_DENORM_SP]);
    }
    if any_float {
        f.push(IEEE);
    }
    f.sort_by_key(|x| x.mask);
    f.dedup();
    Some(f)
}

/// The page's "Modes" block (VALU and VOP3P rows).
pub fn block(row: &Row) -> Option<Vec<Block>> {
    let fs = fields(row)?;
    let mut out = vec![Block::Para(vec![t(
        "Derived from the operand types (float source and destination widths, CLAMP): the \
         MODE fields this instruction may read. It reads no other field.",
    )])];
    if fs.is_empty() {
        out[0] = Block::Para(vec![t(
            "No float operand: the result does not depend on MODE (derived from the operand \
             types).",
        )]);
        return Some(out);
    }
    let body = fs
        .iter()
        .map(|f| {
            let home = gpuref_amd_gcn5::rules::rule(f.rule)
                .map_or_else(|| "gcn5/rules".to_string(), super::pages::rule_home);
            vec![
                vec![code(f.name)],
                vec![code(format!("{:#x}", f.mask))],
                vec![t(f.what)],
                vec![page_link(f.rule, home, Some(f.rule))],
            ]
        })
        .collect::<Vec<Vec<Vec<Span>>>>();
    out.push(Block::Table(
        vec![
            "field".into(),
            "mask".into(),
            "decides".into(),
            "rule".into(),
        ],
        body,
    ));
    Some(out)
}
