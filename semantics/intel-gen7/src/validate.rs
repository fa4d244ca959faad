//! What the manual makes illegal in an instruction that decodes, reported apart from
//! decoding (a word that breaks these still decodes, prints and re-encodes exactly): a
//! first set of the region rules of §3.3.9 "Register Region Restrictions", each a
//! [`Rule`] with its id, and [`validate`], which names the rule and the operand.
//!
//! Checked now (Align1 register regions and the special restrictions): 1.A, 2.A, 2.B, 2.D,
//! 2.E, 2.F, 2.G, 3.A, 3.B, 4.A, 7.A, 7.C, 7.D. Not yet: 1.B, 3.C-3.F, 4.B, 5, 6, the
//! per-opcode restrictions of chapter 6.

use crate::formats::fields::{reg_type_size, EXEC_SIZES, HORZ_STRIDES, VERT_STRIDES, VXH, WIDTHS};
use crate::formats::native::{Addr, Body, Inst, RegSrc, Src};
use crate::instructions::Shape;
use gpuref_core::{Rule, Spec, SpecRef, Status};

const REGION: &[SpecRef] = &[SpecRef::new(
    Spec::IvyBridge,
    "3.3.9 Register Region Restrictions",
)];

/// The rules [`validate`] checks.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    Rule { id: "gen7.region.1a", status: Status::Specified, cites: REGION, statement: "ExecSize × the largest element size of any operand is at most 64 bytes (DF counts as a pair of floats, 5.A)" },
    Rule { id: "gen7.region.2a", status: Status::Specified, cites: REGION, statement: "ExecSize is at least Width" },
    Rule { id: "gen7.region.2b", status: Status::Specified, cites: REGION, statement: "If ExecSize = Width and HorzStride ≠ 0, VertStride = Width × HorzStride" },
    Rule { id: "gen7.region.2d", status: Status::Specified, cites: REGION, statement: "If Width = 1, HorzStride is 0" },
    Rule { id: "gen7.region.2e", status: Status::Specified, cites: REGION, statement: "If ExecSize = Width = 1, VertStride and HorzStride are 0" },
    Rule { id: "gen7.region.2f", status: Status::Specified, cites: REGION, statement: "If VertStride = HorzStride = 0, Width is 1" },
    Rule { id: "gen7.region.2g", status: Status::Specified, cites: REGION, statement: "Dst.HorzStride is not 0" },
    Rule { id: "gen7.region.3a", status: Status::Specified, cites: REGION, statement: "A directly addressed source spans at most 2 adjacent GRF registers" },
    Rule { id: "gen7.region.3b", status: Status::Specified, cites: REGION, statement: "A destination spans at most 2 adjacent GRF registers" },
    Rule { id: "gen7.region.4a", status: Status::Specified, cites: REGION, statement: "A packed byte destination (HorzStride 1, B/UB) is allowed only for a raw mov" },
    Rule { id: "gen7.region.7a", status: Status::Specified, cites: REGION, statement: "In Align16, SIMD16 is not allowed for DWord (D, UD) operations nor SIMD8 for DF operations" },
    Rule { id: "gen7.region.7c", status: Status::Specified, cites: REGION, statement: "Instructions with a conditional modifier do not use SIMD32" },
    Rule { id: "gen7.region.7d", status: Status::Specified, cites: REGION, statement: "Flow control (branch) instructions use Align1" },
];

/// One broken rule: its id, the operand (or `instruction`) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub rule: &'static str,
    pub operand: &'static str,
    pub message: String,
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {} ({})", self.operand, self.message, self.rule)
    }
}

/// Bytes per element for the region rules: DF regions are written in floats (5.A).
fn elem(ty: u8) -> u32 {
    reg_type_size(ty).min(4)
}

fn region_rules(exec: u32, r: &RegSrc, op: &'static str, out: &mut Vec<Violation>) {
    if r.vs == VXH {
        return;
    }
    let (vs, w, hs) = (
        VERT_STRIDES[usize::from(r.vs)],
        WIDTHS[usize::from(r.width)],
        HORZ_STRIDES[usize::from(r.hs)],
    );
    let mut v = |rule, message: String| {
        out.push(Violation {
            rule,
            operand: op,
            message,
        })
    };
    if w > exec {
        v(
            "gen7.region.2a",
            format!("Width {w} exceeds ExecSize {exec}"),
        );
    }
    if exec == w && hs != 0 && vs != w * hs {
        v(
            "gen7.region.2b",
            format!(
                "ExecSize = Width = {w} with HorzStride {hs} needs VertStride {}, not {vs}",
                w * hs
            ),
        );
    }
    if w == 1 && hs != 0 && exec != 1 {
        v(
            "gen7.region.2d",
            format!("Width 1 needs HorzStride 0, not {hs}"),
        );
    }
    if exec == 1 && w == 1 && (vs != 0 || hs != 0) {
        v(
            "gen7.region.2e",
            format!("a scalar (ExecSize = Width = 1) needs <0;1,0>, not <{vs};1,{hs}>"),
        );
    }
    if vs == 0 && hs == 0 && w != 1 {
        v(
            "gen7.region.2f",
            format!("VertStride = HorzStride = 0 needs Width 1, not {w}"),
        );
    }
    if let Addr::Direct { sub, .. } = r.addr {
        let size = elem(r.ty);
        let rows = (exec / w.max(1)).max(1);
        let last = u32::from(sub) + ((rows - 1) * vs + (w - 1) * hs) * size + size - 1;
        if last >= 64 {
            v(
                "gen7.region.3a",
                format!(
                    "the region reaches byte {last} from the register's start: more than 2 GRFs"
                ),
            );
        }
    }
}

/// The rules of [`RULES`] that `inst` breaks (empty: none of them).
pub fn validate(inst: &Inst) -> Vec<Violation> {
    let mut out = Vec::new();
    let c = &inst.ctrl;
    let exec = EXEC_SIZES[usize::from(c.exec_size)];
    let shape = inst.shape();
    let mnemonic = crate::instructions::ROWS[inst.row.index()].mnemonic;
    let mut v = |rule, operand, message: String| {
        out.push(Violation {
            rule,
            operand,
            message,
        })
    };
    if matches!(shape, Shape::Branch(_)) && c.align16 {
        v(
            "gen7.region.7d",
            "instruction",
            "a branch in Align16".into(),
        );
    }
    if matches!(shape, Shape::Src1 | Shape::Src2 | Shape::Src3) && c.cond != 0 && exec == 32 {
        v(
            "gen7.region.7c",
            "instruction",
            "a conditional modifier with SIMD32".into(),
        );
    }
    match inst.body {
        Body::Common {
            dst, src0, src1, ..
        } if shape != Shape::Send => {
            let regs: Vec<(&'static str, RegSrc)> = [("src0", src0), ("src1", src1)]
                .into_iter()
                .filter(|(n, _)| *n == "src0" || matches!(shape, Shape::Src2 | Shape::Math))
                .filter_map(|(n, s)| match s {
                    Src::Reg(r) => Some((n, r)),
                    Src::Imm { .. } => None,
                })
                .collect();
            let mut largest = elem(dst.ty);
            for (_, r) in &regs {
                largest = largest.max(elem(r.ty));
            }
            if exec * largest > 64 {
                v(
                    "gen7.region.1a",
                    "instruction",
                    format!("ExecSize {exec} × {largest} bytes exceeds 64 bytes"),
                );
            }
            if c.align16 {
                let dw = [dst.ty]
                    .into_iter()
                    .chain(regs.iter().map(|r| r.1.ty))
                    .any(|t| matches!(t, 0 | 1));
                let df = [dst.ty]
                    .into_iter()
                    .chain(regs.iter().map(|r| r.1.ty))
                    .any(|t| t == 6);
                if (dw && exec == 16) || (df && exec == 8) {
                    v(
                        "gen7.region.7a",
                        "instruction",
                        format!(
                            "Align16 SIMD{exec} with {} operands",
                            if df { "DF" } else { "DWord" }
                        ),
                    );
                }
                return out;
            }
            let hs = HORZ_STRIDES[usize::from(dst.hs)];
            if hs == 0 {
                v("gen7.region.2g", "dst", "HorzStride 0".into());
            }
            if hs == 1 && matches!(dst.ty, 4 | 5) && mnemonic != "mov" {
                v(
                    "gen7.region.4a",
                    "dst",
                    format!("a packed byte destination on `{mnemonic}`"),
                );
            }
            if let Addr::Direct { sub, .. } = dst.addr {
                let size = elem(dst.ty);
                let last = u32::from(sub) + (exec - 1) * hs * size + size - 1;
                if last >= 64 {
                    v(
                        "gen7.region.3b",
                        "dst",
                        format!("the region reaches byte {last}: more than 2 GRFs"),
                    );
                }
            }
            for (n, r) in regs {
                region_rules(exec, &r, n, &mut out);
            }
        }
        Body::Three { dst_ty, src_ty, .. } => {
            let dw = matches!(dst_ty, 0 | 1) || matches!(src_ty, 0 | 1);
            let df = dst_ty == 6 || src_ty == 6;
            if c.align16 && ((dw && exec == 16) || (df && exec == 8)) {
                v(
                    "gen7.region.7a",
                    "instruction",
                    format!(
                        "Align16 SIMD{exec} with {} operands",
                        if df { "DF" } else { "DWord" }
                    ),
                );
            }
        }
        _ => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;

    fn rules(t: &str) -> Vec<&'static str> {
        validate(&parse(t).unwrap())
            .iter()
            .map(|v| v.rule)
            .collect()
    }

    /// Cases typed from §3.3.9's rules and its examples.
    #[test]
    fn each_rule_is_found_and_allowed_regions_pass() {
        // Allowed: the manual's own examples (3.D case (a), 3.E case (a)) and plain forms.
        assert_eq!(
            rules("add (8|M0) r10.0<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f"),
            [] as [&str; 0]
        );
        assert_eq!(
            rules("mov (16|M0) r10.0<2>:w r12.0<16;8,1>:w"),
            [] as [&str; 0]
        );
        assert_eq!(
            rules("mov (16|M0) r10.0<2>:w r12.0<0;1,0>:w"),
            [] as [&str; 0]
        );
        assert_eq!(rules("mov (8|M0) r1.0<1>:f r2.0<0;1,0>:f"), [] as [&str; 0]);
        assert_eq!(
            rules("mov (8|M0) r10.0<1>:b r11.0<8;8,1>:b"),
            [] as [&str; 0]
        );
        // Broken, one rule each.
        assert_eq!(
            rules("mov (8|M0) r1.0<0>:f r2.0<8;8,1>:f"),
            ["gen7.region.2g"]
        );
        assert_eq!(
            rules("mov (4|M0) r1.0<1>:f r2.0<8;8,1>:f"),
            ["gen7.region.2a"]
        );
        assert_eq!(
            rules("mov (8|M0) r1.0<1>:f r2.0<4;8,1>:f"),
            ["gen7.region.2b"]
        );
        assert_eq!(
            rules("mov (8|M0) r1.0<1>:f r2.0<0;1,1>:f"),
            ["gen7.region.2d"]
        );
        assert_eq!(
            rules("mov (1|M0) r1.0<1>:f r2.0<1;1,0>:f"),
            ["gen7.region.2e"]
        );
        assert_eq!(
            rules("mov (8|M0) r1.0<1>:f r2.0<0;2,0>:f"),
            ["gen7.region.2f"]
        );
        assert_eq!(
            rules("mov (16|M0) r1.0<1>:f r2.4<8;8,1>:f"),
            ["gen7.region.3a"]
        );
        assert_eq!(
            rules("mov (16|M0) r1.4<1>:f r2.0<8;8,1>:f"),
            ["gen7.region.3b"]
        );
        assert_eq!(
            rules("mov (32|M0) r1.0<1>:f r2.0<8;8,1>:f").first(),
            Some(&"gen7.region.1a")
        );
        assert_eq!(
            rules("add (8|M0) r1.0<1>:b r2.0<8;8,1>:b r3.0<8;8,1>:b"),
            ["gen7.region.4a"]
        );
        assert!(
            rules("add (32|M0) (eq)f0.0 r1.0<1>:b r2.0<16;16,1>:b r3.0<0;1,0>:b")
                .contains(&"gen7.region.7c")
        );
        assert_eq!(
            rules("add (16|M0) r1.0<1>.xyzw:d r2.0<4>.xyzw:d r3.0<4>.xyzw:d {Align16}"),
            ["gen7.region.7a"]
        );
        assert_eq!(rules("if (8|M0) 16 32 {Align16}"), ["gen7.region.7d"]);
        let v = &validate(&parse("mov (8|M0) r1.0<0>:f r2.0<8;8,1>:f").unwrap())[0];
        assert_eq!(v.to_string(), "dst: HorzStride 0 (gen7.region.2g)");
    }

    #[test]
    fn every_rule_has_an_id_a_citation_and_is_unique() {
        for (i, r) in RULES.iter().enumerate() {
            assert!(r.id.starts_with("gen7.region."));
            assert!(!r.cites.is_empty());
            assert!(RULES[i + 1..].iter().all(|s| s.id != r.id));
        }
    }
}
