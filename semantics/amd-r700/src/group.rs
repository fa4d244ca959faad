//! ALU instruction groups: which unit each instruction goes to (R700 §"4.4 Assignment to
//! ALU.[X,Y,Z,W] and ALU.Trans Units") and the slot rules a group must keep (§"4.3 ALU
//! Instruction Slots and Instruction Groups", §"4.8 ALU Instructions"), as located
//! violations with the rule they break. Decoding does not reject these: an illegal group
//! still has exact bits, and a reader wants to see it (design note 0044).
//!
//! Read ports: the ALU.[X,Y,Z,W] rule of §"4.7.7 Cycle Restrictions for ALU.[X,Y,Z,W]
//! Units" (one GPR address per element memory per cycle, BANK_SWIZZLE mapping sources to
//! cycles, src1 sharing src0's read when both name the same GPR element), for operands
//! that are not relative (a relative address is known only when the group runs), and the
//! ALU.Trans constant limit of §"4.7.5". Not yet here: ALU.Trans cycles (its swizzle
//! table contradicts Table 4.3: C-38), the constant-file ports (their example contradicts
//! the two-pair rule: C-36), the co-issue rules of PRED_SET*, KILL* and MOVA*.

use crate::formats::Encoded;
use crate::instructions::Units;
use crate::program::{Program, Unit};

/// An ALU unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum AluUnit {
    X,
    Y,
    Z,
    W,
    Trans,
}

impl AluUnit {
    const VECTOR: [AluUnit; 4] = [AluUnit::X, AluUnit::Y, AluUnit::Z, AluUnit::W];

    pub const fn name(self) -> &'static str {
        match self {
            AluUnit::X => "ALU.X",
            AluUnit::Y => "ALU.Y",
            AluUnit::Z => "ALU.Z",
            AluUnit::W => "ALU.W",
            AluUnit::Trans => "ALU.Trans",
        }
    }
}

/// Where §4.4's algorithm sends the last instruction of a group when its vector unit is
/// free and it may run on either: this is CONFIG.ALU_INST_PREFER_VECTOR, host state. The
/// manual's pseudo-code sends it to ALU.Trans when the bit is clear, its prose to a vector
/// unit when the bit is clear (C-39, design note 0044), so the choice is named by its
/// effect, not by the bit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ambiguous {
    ToVector,
    ToTrans,
}

/// A broken rule: the dword of the instruction, the rule's id, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub dword: usize,
    pub rule: &'static str,
    pub why: String,
}

/// The ALU instructions of each group of `program`, with their dwords, in order.
pub fn groups(program: &Program) -> Vec<Vec<(usize, &Encoded)>> {
    let mut out = Vec::new();
    let mut cur = Vec::new();
    for (at, u) in program.with_offsets() {
        if let Unit::Alu(e) = u {
            cur.push((at, e));
            if e.get("LAST") == 1 {
                out.push(std::mem::take(&mut cur));
            }
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// §4.4's assignment of one group's instructions to units: for each instruction its unit,
/// or the violation that stops it.
pub fn assign(
    group: &[(usize, &Encoded)],
    ambiguous: Ambiguous,
) -> Result<Vec<AluUnit>, Violation> {
    let mut vector: [Option<usize>; 4] = [None; 4];
    let mut trans: Option<usize> = None;
    let mut units = Vec::new();
    for (i, &(at, e)) in group.iter().enumerate() {
        let elem = e.get("DST_CHAN") as usize;
        let row = e.row();
        let is_trans = match row.units {
            Units::Trans => true,
            Units::Vector | Units::Pair | Units::Quad | Units::Reduction => false,
            _ => vector[elem].is_some() || (ambiguous == Ambiguous::ToTrans && e.get("LAST") == 1),
        };
        let v = |why: String| Violation {
            dword: at,
            rule: "r700.alu.group.assignment",
            why,
        };
        if is_trans {
            if let Some(j) = trans {
                return Err(v(format!(
                    "ALU.Trans is already allocated to instruction {j} of the group: {} cannot have it (R700 4.4 Assignment to ALU.[X,Y,Z,W] and ALU.Trans Units)",
                    row.mnemonic
                )));
            }
            trans = Some(i);
            units.push(AluUnit::Trans);
        } else {
            if let Some(j) = vector[elem] {
                return Err(v(format!(
                    "{} is already allocated to instruction {j} of the group: {} cannot have it (R700 4.4 Assignment to ALU.[X,Y,Z,W] and ALU.Trans Units)",
                    AluUnit::VECTOR[elem].name(),
                    row.mnemonic
                )));
            }
            vector[elem] = Some(i);
            units.push(AluUnit::VECTOR[elem]);
        }
    }
    Ok(units)
}

/// Every violation of the slot rules in `program`'s ALU groups.
pub fn validate(program: &Program, ambiguous: Ambiguous) -> Vec<Violation> {
    let mut out = Vec::new();
    for g in groups(program) {
        check_group(&g, ambiguous, &mut out);
    }
    out
}

fn check_group(g: &[(usize, &Encoded)], ambiguous: Ambiguous, out: &mut Vec<Violation>) {
    // A trans-only instruction ends its group (§4.8.3: "it must be specified in the last
    // instruction slot").
    for &(at, e) in g {
        if e.row().units == Units::Trans && e.get("LAST") == 0 {
            out.push(Violation {
                dword: at,
                rule: "r700.alu.group.trans_last",
                why: format!(
                    "{} runs only on ALU.Trans, which must be the last instruction of its group (R700 4.8.3 Instructions for ALU.Trans Units Only)",
                    e.row().mnemonic
                ),
            });
        }
    }
    let units = match assign(g, ambiguous) {
        Ok(u) => u,
        Err(v) => {
            out.push(v);
            return;
        }
    };
    // Slots in X, Y, Z, W, Trans order (§4.3, Table 4.1).
    for k in 1..units.len() {
        if units[k] <= units[k - 1] {
            out.push(Violation {
                dword: g[k].0,
                rule: "r700.alu.group.order",
                why: format!(
                    "{} follows an instruction for {}: a group's instructions are in X, Y, Z, W, Trans order (R700 4.3 ALU Instruction Slots and Instruction Groups)",
                    units[k].name(),
                    units[k - 1].name()
                ),
            });
        }
    }
    read_ports(g, &units, out);
    // Multi-slot operations occupy every slot they need, with the same opcode (§4.8.2.1,
    // §4.12).
    let op_on = |u: AluUnit| units.iter().position(|&x| x == u).map(|i| g[i].1.row);
    for (k, &(at, e)) in g.iter().enumerate() {
        let need: &[AluUnit] = match (e.row().units, units[k]) {
            (Units::Reduction | Units::Quad, _) => &AluUnit::VECTOR,
            (Units::Pair, AluUnit::X | AluUnit::Y) => &AluUnit::VECTOR[..2],
            (Units::Pair, _) => &AluUnit::VECTOR[2..],
            _ => continue,
        };
        if need.iter().any(|&u| op_on(u) != Some(e.row)) {
            let slots: Vec<&str> = need.iter().map(|u| u.name()).collect();
            out.push(Violation {
                dword: at,
                rule: "r700.alu.group.multi_slot",
                why: format!(
                    "{} occupies {}: each must hold it (R700 4.8.2.1 Reduction Instruction Restrictions, 4.12 Double-Precision Floating-Point Operations)",
                    e.row().mnemonic,
                    slots.join(", ")
                ),
            });
        }
    }
}

/// Table 4.3's cycle for each source under a vector BANK_SWIZZLE (ALU_VEC_012 … _210).
const VEC_CYCLES: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 2, 0],
    [1, 0, 2],
    [2, 0, 1],
    [2, 1, 0],
];

fn read_ports(g: &[(usize, &Encoded)], units: &[AluUnit], out: &mut Vec<Violation>) {
    const SEL: [&str; 3] = ["SRC0_SEL", "SRC1_SEL", "SRC2_SEL"];
    const REL: [&str; 3] = ["SRC0_REL", "SRC1_REL", "SRC2_REL"];
    const CHAN: [&str; 3] = ["SRC0_CHAN", "SRC1_CHAN", "SRC2_CHAN"];
    // The GPR address each element memory reads on each cycle, and who reserved it.
    let mut port: [[Option<(u32, usize)>; 4]; 3] = [[None; 4]; 3];
    for (k, &(at, e)) in g.iter().enumerate() {
        let srcs = usize::from(e.row().srcs);
        let bs = e.get("BANK_SWIZZLE") as usize;
        if units[k] == AluUnit::Trans {
            if bs > 3 {
                out.push(Violation {
                    dword: at,
                    rule: "r700.alu.group.bank_swizzle",
                    why: format!("BANK_SWIZZLE {bs} on ALU.Trans: its swizzles are ALU_SCL_210, _122, _212, _221 (0-3) (R700 10.2 ALU Instructions)"),
                });
            }
            let consts = (0..srcs)
                .filter(|&s| {
                    let sel = e.get(SEL[s]);
                    (128..=191).contains(&sel) || (244..=253).contains(&sel) || sel >= 256
                })
                .count();
            if consts > 2 {
                out.push(Violation {
                    dword: at,
                    rule: "r700.alu.group.trans_constants",
                    why: format!("{} reads {consts} constants on ALU.Trans, which may reference at most two (R700 4.7.5 Constant Register Read Port Restrictions)", e.row().mnemonic),
                });
            }
            continue;
        }
        let Some(cycles) = VEC_CYCLES.get(bs) else {
            continue;
        };
        for s in 0..srcs.min(3) {
            let (sel, chan) = (e.get(SEL[s]), e.get(CHAN[s]) as usize);
            if sel > 127 || e.get(REL[s]) == 1 {
                continue;
            }
            // src1 naming src0's GPR element shares its read (§4.7.7).
            if s == 1
                && e.get(REL[0]) == 0
                && (e.get(SEL[0]), e.get(CHAN[0]) as usize) == (sel, chan)
            {
                continue;
            }
            let c = cycles[s];
            match port[c][chan] {
                None => port[c][chan] = Some((sel, at)),
                Some((held, _)) if held == sel => {}
                Some((held, by)) => out.push(Violation {
                    dword: at,
                    rule: "r700.alu.group.read_port",
                    why: format!(
                        "src{s} reads R{sel}.{} on cycle {c}, where the element memory already reads R{held}.{} for the instruction at dword {by}: one GPR address per element per cycle (R700 4.7.7 Cycle Restrictions for ALU.[X,Y,Z,W] Units)",
                        ['x', 'y', 'z', 'w'][chan],
                        ['x', 'y', 'z', 'w'][chan]
                    ),
                }),
            }
        }
    }
}

#[cfg(test)]
mod tests;
