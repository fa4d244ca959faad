//! The vector ALU rows that work on the wave rather than one lane (docs/design/0035,
//! "Wave-level vector ALU rows"): V_READLANE_B32, V_WRITELANE_B32 and V_READFIRSTLANE_B32
//! (a lane named by a lane select or by EXEC, EXEC ignored for the access), V_SWAP_B32
//! (two VGPRs under EXEC), V_NOP, and MI100's AccVGPR moves (V_ACCVGPR_READ_B32 /
//! V_ACCVGPR_WRITE_B32). Their value vectors cannot be one lane with every lane alike, so
//! they are state vectors: every lane of the source VGPR distinct, the destination's lanes
//! seeded so a write to one lane (and none to the others) shows.
//!
//! Lane selects: every boundary of S1[5:0] (0, 1, 31, 32, 63) and past it (64, 65, 127,
//! 0x80000000, 0xffffffff), from an SGPR, from M0, and as inline constants; EXEC all, none,
//! alternating, lane 63, the upper half, and a few random lanes; destinations SGPRs, VCC_LO
//! and EXEC_LO where the row writes an SGPR.

use super::{few_lanes, settle, Init, RowCases, EXEC_ALL, EXEC_ALT, EXEC_LAST};
use crate::generate::Rng;
use gpuref_amd_gcn5::formats;

/// The rows of this family (those the target has).
pub const ROWS: [&str; 7] = [
    "V_READLANE_B32",
    "V_WRITELANE_B32",
    "V_READFIRSTLANE_B32",
    "V_SWAP_B32",
    "V_NOP",
    "V_ACCVGPR_READ_B32",
    "V_ACCVGPR_WRITE_B32",
];

/// Lane-select values: S1[5:0]'s boundaries, then values past 63.
const SELECTS: [u32; 10] = [0, 1, 31, 32, 63, 64, 65, 127, 0x8000_0000, 0xffff_ffff];

/// EXEC patterns: all, none, alternating, the last lane, the upper half.
const EXECS: [u64; 5] = [EXEC_ALL, 0, EXEC_ALT, EXEC_LAST, 0xffff_ffff_0000_0000];

/// Data edge values a written lane or SGPR takes.
const DATA: [u32; 5] = [0, 1, 0x7fff_ffff, 0x8000_0000, 0xffff_ffff];

/// The instruction `text` on the row's target, decoded back from its encoding (`None`: the
/// text names another row or does not assemble there).
fn build(rc: &RowCases, text: &str) -> Option<formats::Instruction> {
    let inst = formats::parse(rc.target, text).ok()?;
    if inst.row.name != rc.row.name {
        return None;
    }
    settle(rc.target, &inst).ok()
}

/// The initial state of `text` (initial = what the instruction reads and what it may
/// write, 0035): EXEC always; M0 = `sel` and s4 = `sel` (a lane select), s2 = `data` where
/// the text names them; every lane of a VGPR or AccVGPR it names distinct (lane `l` ends in
/// `l`), so a read of the wrong lane and a write to a lane shows; a destination SGPR (and
/// VCC) seeded.
fn init(text: &str, exec: u64, sel: u32, data: u32, rng: &mut Rng) -> Init {
    let mut i = Init::new();
    i.set("exec", exec);
    let ops = text.split_once(' ').map_or("", |(_, o)| o);
    for op in ops.split(',').map(str::trim) {
        let seed = rng.next_u64() as u32 & 0xffff_ff00;
        let num = |p: &str| op.strip_prefix(p).and_then(|n| n.parse::<u8>().ok());
        match op {
            "m0" => {
                i.set("m0", u64::from(sel));
            }
            "vcc_lo" => {
                i.set("vcc", rng.next_u64());
            }
            "s2" => {
                i.set("s2", u64::from(data));
            }
            "s4" => {
                i.set("s4", u64::from(sel));
            }
            _ => {
                if let Some(n) = num("v") {
                    i.lanes(n, EXEC_ALL, |l| seed | l as u32);
                } else if let Some(n) = num("a") {
                    i.reg_lanes(&format!("a{n}"), EXEC_ALL, |l| seed | l as u32);
                } else if num("s").is_some() {
                    i.set(op, u64::from(seed | 0xab));
                }
            }
        }
    }
    i
}

/// The instruction texts of the row: (text, what it crosses).
fn forms(name: &str) -> Vec<(String, &'static str)> {
    let mut v: Vec<(String, &'static str)> = Vec::new();
    match name {
        "V_READLANE_B32" => {
            v.push(("v_readlane_b32 s10, v1, s4".into(), "select.sgpr"));
            v.push(("v_readlane_b32 s10, v1, m0".into(), "select.m0"));
            for k in ["0", "1", "63", "64", "-1", "-16"] {
                v.push((format!("v_readlane_b32 s10, v1, {k}"), "select.inline"));
            }
            v.push(("v_readlane_b32 vcc_lo, v1, s4".into(), "dest.vcc_lo"));
            v.push(("v_readlane_b32 exec_lo, v1, s4".into(), "dest.exec_lo"));
            v.push(("v_readlane_b32 m0, v1, s4".into(), "dest.m0"));
            v.push(("v_readlane_b32 s101, v255, s4".into(), "registers.last"));
        }
        "V_WRITELANE_B32" => {
            v.push(("v_writelane_b32 v4, s2, s4".into(), "select.sgpr"));
            v.push(("v_writelane_b32 v4, s2, m0".into(), "select.m0"));
            for k in ["0", "1", "63", "64", "-1"] {
                v.push((format!("v_writelane_b32 v4, s2, {k}"), "select.inline"));
            }
            v.push(("v_writelane_b32 v4, -1, s4".into(), "data.inline"));
            v.push(("v_writelane_b32 v4, 1.0, s4".into(), "data.inline"));
            v.push(("v_writelane_b32 v4, m0, s4".into(), "data.m0"));
            v.push(("v_writelane_b32 v1, exec_lo, s4".into(), "data.exec_lo"));
        }
        "V_READFIRSTLANE_B32" => {
            v.push(("v_readfirstlane_b32 s10, v1".into(), "base"));
            v.push(("v_readfirstlane_b32 vcc_lo, v1".into(), "dest.vcc_lo"));
            v.push(("v_readfirstlane_b32 exec_lo, v1".into(), "dest.exec_lo"));
            v.push(("v_readfirstlane_b32 s101, v255".into(), "registers.last"));
        }
        "V_SWAP_B32" => {
            v.push(("v_swap_b32 v4, v1".into(), "base"));
            v.push(("v_swap_b32 v1, v1".into(), "same_register"));
            v.push(("v_swap_b32 v1, v4".into(), "operands.reversed"));
        }
        "V_NOP" => {
            v.push(("v_nop".into(), "base"));
            v.push(("v_nop_e64".into(), "vop3"));
        }
        "V_ACCVGPR_READ_B32" => {
            v.push(("v_accvgpr_read_b32 v4, a1".into(), "base"));
            v.push(("v_accvgpr_read_b32 v1, a1".into(), "dest.source_lanes"));
        }
        "V_ACCVGPR_WRITE_B32" => {
            v.push(("v_accvgpr_write_b32 a4, v1".into(), "base"));
            for k in ["0", "-1", "64", "1.0", "-4.0"] {
                v.push((format!("v_accvgpr_write_b32 a4, {k}"), "data.inline"));
            }
        }
        _ => {}
    }
    v
}

pub fn cases(rc: &mut RowCases, rng: &mut Rng) {
    let forms: Vec<(formats::Instruction, String, &str)> = forms(rc.row.name)
        .into_iter()
        .filter_map(|(t, why)| build(rc, &t).map(|i| (i, t, why)))
        .collect();
    if forms.is_empty() {
        rc.skipped.push("no operand combination decodes".into());
        return;
    }
    let selects = rc.row.name.contains("LANE_B32") && !rc.row.name.contains("FIRST");
    // Every form once on the base state (lane select 5, data 0x1234_5678).
    for (i, t, why) in &forms {
        let st = init(t, EXEC_ALL, 5, 0x1234_5678, rng);
        rc.push(i, &st, why);
    }
    let (base, bt, _) = &forms[0];
    // EXEC patterns on the base form (the lane-select rows ignore EXEC: it must not matter).
    let exec_why = [
        "exec.all",
        "exec.none",
        "exec.alternating",
        "exec.last",
        "exec.upper",
    ];
    for (exec, why) in EXECS.iter().zip(exec_why) {
        let st = init(bt, *exec, 5, 0x1234_5678, rng);
        rc.push(base, &st, why);
    }
    if selects {
        // Every lane select from the SGPR and from M0 (the first two forms).
        for sel in SELECTS {
            for (i, t, _) in forms.iter().take(2) {
                let st = init(t, EXEC_ALT, sel, 0x1234_5678, rng);
                rc.push(
                    i,
                    &st,
                    if sel > 63 {
                        "select.past_63"
                    } else {
                        "select.edge"
                    },
                );
            }
        }
        for d in DATA {
            let st = init(bt, EXEC_ALL, 63, d, rng);
            rc.push(base, &st, "data.edge");
        }
    } else {
        // Single lanes: lane 0, 1, 31, 32, 63 alone, and lanes 62..63.
        for lane in [0u32, 1, 31, 32, 63] {
            let st = init(bt, 1 << lane, 0, 0, rng);
            rc.push(base, &st, "exec.one_lane");
        }
        let st = init(bt, 3 << 62, 0, 0, rng);
        rc.push(base, &st, "exec.two_lanes");
        for (i, t, why) in forms.iter().skip(1) {
            for exec in [0, EXEC_LAST, EXEC_ALT] {
                let st = init(t, exec, 0, 0, rng);
                rc.push(i, &st, why);
            }
        }
    }
    if rc.row.name == "V_NOP" {
        // One behaviour (the PC moves on): the EXEC patterns above are all there is to vary.
        return;
    }
    // Seeded random: a form, EXEC (all, none or a few lanes), a lane select and data.
    let mut tries = 0;
    while !rc.full() && tries < 4 * rc.cap {
        tries += 1;
        let (i, t, _) = &forms[(rng.next_u64() % forms.len() as u64) as usize];
        let exec = match rng.next_u64() % 4 {
            0 => EXEC_ALL,
            1 => 0,
            2 => rng.next_u64(),
            _ => few_lanes(rng),
        };
        let sel = match rng.next_u64() % 3 {
            0 => rng.next_u64() as u32,
            _ => (rng.next_u64() % 64) as u32,
        };
        let st = init(t, exec, sel, rng.next_u64() as u32, rng);
        rc.push(i, &st, "random");
    }
}

#[cfg(test)]
mod tests {
    use super::super::{RowCases, CAP};
    use crate::generate::Rng;
    use crate::state::Value;
    use gpuref_amd_gcn5::instructions::by_name;
    use gpuref_amd_gcn5::Target;

    fn cases(target: Target, name: &str) -> RowCases {
        let row = by_name(target, name).unwrap();
        let mut rc = RowCases::new(target, row);
        super::cases(&mut rc, &mut Rng::from_name("wavelevel test"));
        rc
    }

    fn lane(v: Option<&Value>, l: u32) -> String {
        match v {
            Some(Value::Map(m)) => m[&l.to_string()].clone(),
            other => panic!("{other:?}"),
        }
    }

    /// V_READLANE_B32 with the lane select in s4 reads lane S4 of v1 whatever EXEC is
    /// (Vega VOP3A: "Copy one VGPR value to one SGPR ... S1 = Lane Select. Ignores exec
    /// mask."); a select above 63 names no lane and accepts any value (rule
    /// `gcn5.valu.lane_select`): worked from each case's own initial lanes, not from the
    /// reference.
    #[test]
    fn readlane_reads_the_selected_lane_of_the_initial_state() {
        let rc = cases(Target::Gfx900, "V_READLANE_B32");
        assert_eq!(rc.cases.len(), CAP, "{:?}", rc.skipped);
        let mut seen = 0;
        for c in rc
            .cases
            .iter()
            .filter(|c| c.asm == "v_readlane_b32 s10, v1, s4")
        {
            let Some(Value::Scalar(sel)) = c.initial.get("s4") else {
                panic!("{c:?}")
            };
            let sel = u32::from_str_radix(sel.trim_start_matches("0x"), 16).unwrap();
            let want = lane(c.initial.get("v1"), sel & 63);
            let got = match c.final_state.get("s10") {
                Some(Value::Scalar(s)) => s.clone(),
                // Unchanged: the seeded s10 held the lane's value already (never here).
                _ => panic!("{c:?}"),
            };
            if sel > 63 {
                // No lane named by the manual: any value (rule gcn5.valu.lane_select).
                assert!(got.ends_with("/0x0"), "select {sel:#x}: {got}");
                continue;
            }
            assert_eq!(
                got,
                want,
                "select {sel:#x}, exec {:?}",
                c.initial.get("exec")
            );
            seen += 1;
        }
        assert!(seen >= 15, "{seen}");
    }

    /// V_SWAP_B32 exchanges the active lanes only, and V_NOP has its edge cases (forms and EXEC
    /// patterns) and no random ones; the AccVGPR moves exist on gfx908 alone.
    #[test]
    fn swap_exchanges_active_lanes_and_nop_has_only_edges() {
        let rc = cases(Target::Gfx900, "V_SWAP_B32");
        let c = rc.cases.iter().find(|c| c.why == "exec.last").unwrap();
        assert_eq!(c.asm, "v_swap_b32 v4, v1");
        assert_eq!(
            lane(c.final_state.get("v4"), 63),
            lane(c.initial.get("v1"), 63)
        );
        assert_eq!(
            lane(c.final_state.get("v1"), 63),
            lane(c.initial.get("v4"), 63)
        );
        let Some(Value::Map(m)) = c.final_state.get("v4") else {
            panic!()
        };
        assert_eq!(m.len(), 1, "{m:?}");
        let nop = cases(Target::Gfx900, "V_NOP");
        assert!(nop.cases.len() >= 7, "{:?}", nop.skipped);
        assert!(nop.cases.iter().all(|c| c.why != "random"));
        assert!(nop.cases.iter().all(|c| c.final_state.is_empty()));
        assert!(by_name(Target::Gfx900, "V_ACCVGPR_READ_B32").is_none());
        let acc = cases(Target::Gfx908, "V_ACCVGPR_WRITE_B32");
        assert_eq!(acc.cases.len(), CAP, "{:?}", acc.skipped);
    }
}
