//! The MIX rows' OPSEL forms (gfx900 V_MAD_MIX*, gfx908 V_FMA_MIX*): edge groups whose
//! text prints `op_sel`/`op_sel_hi`, so that sources are read as f16 halves (docs/design/
//! 0027, "Sixth round"). The Vega manual ("VOP3P Instructions", opcodes 32-34) sizes each
//! source by {OPSEL_HI, OPSEL}: 0 and 1 `src[31:0]`, 2 `src[15:0]`, 3 `src[31:16]`; the
//! plain text (both fields 0) reads every source as f32.

use super::values::Kind;
use super::{edge_tuples, Group, Input, Level, Plan, Rng, DEFAULT_MODE};
use gpuref_amd_gcn5::Target;
use std::borrow::Cow;

/// Edge cases per OPSEL group.
pub const MIX_CAP: usize = 16;

/// The OPSEL forms: (op_sel, op_sel_hi, bit i for source i; MODE; what the group reads).
/// Each source is read as its low half, as its high half and as f32 in some group; each
/// f16 read under kept (0x3f0) and flushed (0x0) half denormals; one under round toward
/// zero (0x3ff).
const FORMS: [(u8, u8, u32, &str); 4] = [
    (0b000, 0b111, DEFAULT_MODE, "every source an f16 low half"),
    (0b111, 0b111, DEFAULT_MODE, "every source an f16 high half"),
    (
        0b101,
        0b011,
        0x000,
        "S0 high half, S1 low half (f16, denormals flushed), S2 f32",
    ),
    (
        0b110,
        0b110,
        0x3ff,
        "S0 f32, S1 and S2 f16 high halves (round toward zero)",
    ),
];

/// Whether a row is a MIX row (its sources sized by OPSEL).
pub fn is_mix(row: &str) -> bool {
    row.contains("_MIX_") || row.contains("_MIXLO_") || row.contains("_MIXHI_")
}

fn bits(x: u8) -> String {
    format!("[{},{},{}]", x & 1, x >> 1 & 1, x >> 2 & 1)
}

/// The OPSEL groups of a MIX row (none for other rows): each source selected as an f16
/// gets f16 edges in both halves (every class in the half read), an f32 one f32 edges.
pub(super) fn groups<'a>(target: Target, plan: &'a Plan) -> Vec<Group<'a>> {
    if !is_mix(plan.row.name) || plan.inputs.len() != 3 {
        return Vec::new();
    }
    let mut rng = Rng::from_name(&format!("alu-mix|{}|{}", target.name(), plan.row.name));
    FORMS
        .iter()
        .map(|&(sel, hi, mode, why)| {
            let mut p = plan.clone();
            p.inputs = plan
                .inputs
                .iter()
                .enumerate()
                .map(|(i, inp)| Input {
                    name: inp.name.clone(),
                    kind: if hi >> i & 1 == 1 {
                        Kind::V2F16
                    } else {
                        Kind::F32
                    },
                })
                .collect();
            Group {
                level: Level::Edge,
                keys: " form=op_sel".into(),
                why: format!("OPSEL forms: {why}"),
                text: Cow::Owned(format!(
                    "{} op_sel:{} op_sel_hi:{}",
                    plan.text,
                    bits(sel),
                    bits(hi)
                )),
                mode,
                tuples: edge_tuples(&p, &mut rng, MIX_CAP),
            }
        })
        .collect()
}
