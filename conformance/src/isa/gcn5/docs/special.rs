//! The special-values table of a VALU lane kernel (computed by running the kernel), and the
//! quirks matrix page (GPU × FloatQuirks contract item, from each impl's `RULES`).

use super::{code, page_link, t, Block, Page, Span};
use gpuref_amd_gcn5::alu::mode::Mode;
use gpuref_amd_gcn5::alu::valu::{self, Accept, LaneCtx, LaneIn, Output};
use gpuref_amd_gcn5::formats::valu::{shape, Role, Ty};
use gpuref_amd_gcn5::instructions::Row;
use gpuref_core::Rule;
use gpuref_float::quirks::{
    AmdGcn5, AmdR700, FloatQuirks, Ieee754, IntelGen7Alt, IntelGen7Ieee, QUIRK_ITEMS,
};

/// The special values of a float type: label and bits (`None`: not a float type).
pub fn values(ty: Ty) -> Option<[(&'static str, u64); 10]> {
    let v: [u64; 10] = match ty {
        Ty::F16 | Ty::V2F16 => [
            0x0000, 0x8000, 0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x7e00, 0x7d00, 0x0001, 0x7bff,
        ],
        Ty::F32 => [
            0,
            0x8000_0000,
            0x3f80_0000,
            0xbf80_0000,
            0x7f80_0000,
            0xff80_0000,
            0x7fc0_0000,
            0x7fa0_0000,
            1,
            0x7f7f_ffff,
        ],
        Ty::F64 => [
            0,
            0x8000_0000_0000_0000,
            0x3ff0_0000_0000_0000,
            0xbff0_0000_0000_0000,
            0x7ff0_0000_0000_0000,
            0xfff0_0000_0000_0000,
            0x7ff8_0000_0000_0000,
            0x7ff4_0000_0000_0000,
            1,
            0x7fef_ffff_ffff_ffff,
        ],
        _ => return None,
    };
    let labels = [
        "+0",
        "-0",
        "+1",
        "-1",
        "+inf",
        "-inf",
        "qNaN",
        "sNaN",
        "+min subnormal",
        "+max normal",
    ];
    let mut out = [("", 0u64); 10];
    for i in 0..10 {
        let bits = if ty == Ty::V2F16 {
            v[i] | (v[i] << 16)
        } else {
            v[i]
        };
        out[i] = (labels[i], bits);
    }
    Some(out)
}

/// One of a type: float 1.0, integer 1.
fn one(ty: Ty) -> u64 {
    values(ty).map_or(1, |v| v[2].1)
}

fn hex(v: u64, ty: Option<Ty>) -> String {
    let digits = match ty {
        Some(Ty::F16 | Ty::I16) => 4,
        Some(Ty::F64 | Ty::I64) => 16,
        _ => 8,
    };
    format!("{v:#0w$x}", w = digits + 2)
}

/// The table, for a row with a lane kernel whose first source is a float.
pub fn table(row: &Row) -> Option<Block> {
    let k = valu::kernel(row.name)?;
    let s = shape(row);
    let srcs: Vec<Ty> = s
        .operands
        .iter()
        .filter(|o| matches!(o.role, Role::Src0 | Role::Src1 | Role::Src2))
        .map(|o| o.ty)
        .collect();
    let vals = values(*srcs.first()?)?;
    let dst = s.get(Role::Vdst).map(|o| o.ty);
    let ctx = LaneCtx {
        mode: Mode(crate::isa::gcn5::eval::DEFAULT_MODE),
        clamp: false,
    };
    let n = srcs.len();
    let names = ["x", "1", "1"];
    let mut head = vec!["x".to_string()];
    for pos in 0..n {
        let args: Vec<&str> = (0..n)
            .map(|i| if i == pos { "x" } else { names[1] })
            .collect();
        head.push(format!(
            "{}({})",
            row.name.to_ascii_lowercase(),
            args.join(", ")
        ));
    }
    let mut body = Vec::new();
    for (label, _) in vals {
        let mut cells = vec![vec![t(label)]];
        for pos in 0..n {
            let get = |i: usize| -> u64 {
                let ty = srcs.get(i).copied().unwrap_or(Ty::I32);
                if i == pos {
                    values(ty).map_or(0, |v| {
                        v.iter().find(|(l, _)| *l == label).map_or(0, |(_, b)| *b)
                    })
                } else {
                    one(ty)
                }
            };
            let input = LaneIn {
                s0: get(0),
                s1: if n > 1 { get(1) } else { 0 },
                s2: if n > 2 { get(2) } else { 0 },
                ..LaneIn::default()
            };
            cells.push(cell(&(k.kernel)(&input, &ctx), dst));
        }
        body.push(cells);
    }
    Some(Block::Table(head, body))
}

fn cell(out: &valu::LaneOut, dst: Option<Ty>) -> Vec<Span> {
    let mut s = Vec::new();
    if let Some(d) = out.d {
        s.push(code(hex(d, dst)));
    }
    if let Some(c) = out.carry {
        s.push(t(format!(" vcc={}", u8::from(c))));
    }
    if !out.flags.is_empty() {
        s.push(t(format!(" {}", out.flags)));
    }
    if let Some(u) = out.unsettled {
        let what = match (u.output, u.accept) {
            (Output::Carry, _) => "vcc",
            (_, Accept::AnyNan) => "any NaN",
            (_, Accept::Range { .. }) => "a range",
            (_, Accept::Mask(_) | Accept::Mask128(_)) => "masked bits",
        };
        s.push(t(format!(" open: {what}, ")));
        let home = gpuref_amd_gcn5::rules::rule(u.rule)
            .map_or_else(|| "gcn5/rules".to_string(), super::pages::rule_home);
        s.push(page_link(u.rule, home, Some(u.rule)));
    }
    s
}

fn column<Q: FloatQuirks>(label: &'static str) -> (&'static str, &'static str, &'static [Rule]) {
    (label, Q::NAME, Q::RULES)
}

/// The five `FloatQuirks` impls: column label, impl name, rules.
pub fn quirk_columns() -> [(&'static str, &'static str, &'static [Rule]); 5] {
    [
        column::<Ieee754>("IEEE 754 (baseline)"),
        column::<AmdGcn5>("AMD GCN5 / CDNA1"),
        column::<AmdR700>("AMD R700"),
        column::<IntelGen7Ieee>("Intel Gen7 (IEEE mode)"),
        column::<IntelGen7Alt>("Intel Gen7 (ALT mode)"),
    ]
}

/// GPU × contract item, each cell the rule's status, the statements below.
pub fn quirks_page() -> Page {
    let cols = quirk_columns();
    let find = |rules: &'static [Rule], name: &str, item: &str| {
        let id = format!("float.quirks.{name}.{item}");
        rules.iter().find(|r| r.id == id)
    };
    let mut head = vec!["item".to_string()];
    head.extend(cols.iter().map(|c| c.0.to_string()));
    let body = QUIRK_ITEMS
        .iter()
        .map(|item| {
            let mut row = vec![vec![code(*item)]];
            for (_, name, rules) in &cols {
                row.push(match find(rules, name, item) {
                    Some(r) => vec![page_link(r.status.as_str(), "quirks", Some(r.id))],
                    None => vec![t("—")],
                });
            }
            row
        })
        .collect();
    let mut blocks = vec![
        Block::Para(vec![t(
            "The per-GPU float contract (semantics/float/src/quirks/): each item is a typed \
             constant the float operations read, documented by a rule with a status. A cell \
             links to the rule's statement below.",
        )]),
        Block::Table(head, body),
    ];
    for (label, _, rules) in &cols {
        blocks.push(Block::Heading(3, (*label).to_string(), None));
        blocks.extend(rules.iter().map(super::pages::rule_block));
    }
    Page {
        id: "quirks".into(),
        title: "Float quirks matrix".into(),
        keywords: cols
            .iter()
            .flat_map(|c| c.2.iter().map(|r| r.id.to_string()))
            .collect(),
        blocks,
    }
}
