//! SMEM cases: the immediate offset (0, 4, the largest, negative where the target's
//! 21-bit signed form allows), an SGPR offset, M0, SGPR + immediate, misaligned addresses
//! (the low two bits: docs/design/0031), the 64-bit wrap, the buffer forms through a V#
//! in s[4:7], atomics with and without GLC return, S_MEMTIME/S_MEMREALTIME, and the cache
//! controls. Registers: base s[2:3] (buffer forms s[4:7]), data s8.., offset s20.

use super::{settle, Init, RowCases};
use crate::generate::Rng;
use gpuref_amd_gcn5::formats::smem::{shape, Data, Shape, Smem, SmemOffset};
use gpuref_amd_gcn5::formats::{Fields, Instruction};
use gpuref_amd_gcn5::operand::{ScalarReg, Sgpr};

struct Plan {
    inst: Instruction,
    sh: Shape,
    why: String,
}

impl Plan {
    fn case(
        &self,
        rc: &mut RowCases,
        rng: &mut Rng,
        base: u64,
        soff: u32,
        edge: Option<u32>,
        why: &str,
    ) {
        let mut init = Init::new();
        let Fields::Smem(s) = self.inst.fields else {
            return;
        };
        if self.sh.base == 2 {
            init.set("s2", base & 0xffff_ffff).set("s3", base >> 32);
        } else if self.sh.base == 4 {
            // V#: base, stride 0, num_records 0x100.
            init.set("s4", base & 0xffff_ffff)
                .set("s5", (base >> 32) & 0xffff)
                .set("s6", 0x100)
                .set("s7", 0x27fac);
        }
        let imm = match s.offset {
            SmemOffset::Reg(ScalarReg::M0) | SmemOffset::RegImm(ScalarReg::M0, _) => {
                init.set("m0", u64::from(soff));
                true
            }
            SmemOffset::Reg(_) | SmemOffset::RegImm(..) => {
                init.set("s20", u64::from(soff));
                true
            }
            _ => false,
        };
        let _ = imm;
        let n = match self.sh.data {
            Data::Regs(n) => n,
            _ => 0,
        };
        let name = self.inst.row.name;
        let reads_data = name.starts_with("S_STORE")
            || name.starts_with("S_BUFFER_STORE")
            || name.contains("ATOMIC");
        // Data registers: what a store or atomic reads; junk a load overwrites, so that a
        // write of 0 shows.
        for r in 0..n {
            let v = if reads_data {
                edge.unwrap_or(rng.next_u64() as u32)
            } else {
                rng.next_u64() as u32
            };
            init.set(&format!("s{}", 8 + r), u64::from(v));
        }
        match name {
            "S_MEMTIME" => {
                init.set("memtime", rng.next_u64());
            }
            "S_MEMREALTIME" => {
                init.set("memrealtime", rng.next_u64());
            }
            _ => {}
        }
        let off = match s.offset {
            SmemOffset::Imm(i) => i64::from(i) as u64,
            SmemOffset::Reg(_) => u64::from(soff),
            SmemOffset::RegImm(_, i) => u64::from(soff).wrapping_add(i64::from(i) as u64),
            _ => 0,
        };
        let at = base.wrapping_add(off) & !3;
        if self.sh.base != 0 {
            init.fill("mem", at, (4 * n.max(1) as usize).min(64), rng);
        }
        let why = if self.why.is_empty() {
            why.to_string()
        } else {
            format!("{}; {why}", self.why)
        };
        rc.push(&self.inst, &init, &why);
    }
}

fn plans(rc: &RowCases) -> Vec<Plan> {
    let row = rc.row;
    let sh = shape(row);
    let sbase = match sh.base {
        2 => 1,
        4 => 2,
        _ => 0,
    };
    let sdata = match sh.data {
        Data::Regs(_) => 8,
        Data::Probe => 3,
        Data::None => 0,
    };
    let s20 = ScalarReg::Sgpr(Sgpr(20));
    let mut forms: Vec<(SmemOffset, bool, &str)> = Vec::new();
    if sh.base == 0 {
        forms.push((SmemOffset::None, false, ""));
    } else {
        forms.push((SmemOffset::Imm(0), false, ""));
        forms.push((SmemOffset::Imm(4), false, "offset.imm_4"));
        forms.push((SmemOffset::Imm(0xf_fffc), false, "offset.imm_max"));
        forms.push((SmemOffset::Imm(-4), false, "offset.imm_-4"));
        forms.push((SmemOffset::Imm(-0x10_0000), false, "offset.imm_min"));
        forms.push((SmemOffset::Reg(ScalarReg::M0), false, "offset.m0"));
        if !sh.imm_or_m0 {
            forms.push((SmemOffset::Reg(s20), false, "offset.sgpr"));
            forms.push((SmemOffset::RegImm(s20, 8), false, "offset.sgpr_imm"));
        }
        if sh.glc {
            forms.push((SmemOffset::Imm(0), true, "glc"));
        }
    }
    let mut out = Vec::new();
    for (offset, glc, why) in forms {
        let s = Smem {
            sdata,
            sbase,
            offset,
            glc,
            nv: false,
        };
        let inst = super::inst(row, Fields::Smem(s));
        if let Ok(inst) = settle(rc.target, &inst) {
            out.push(Plan {
                inst,
                sh,
                why: why.into(),
            });
        }
    }
    out
}

pub fn cases(rc: &mut RowCases, rng: &mut Rng) {
    let plans = plans(rc);
    if plans.is_empty() {
        rc.skipped.push("no field combination decodes".into());
        return;
    }
    for p in &plans {
        p.case(rc, rng, 0x1_0000, 0x40, None, "base");
        p.case(rc, rng, 0x1_0002, 0x40, None, "addr.misaligned");
        p.case(rc, rng, u64::MAX - 3, 0x8, None, "addr.wraps");
        p.case(rc, rng, 0x1_0000, 0xffff_fffc, None, "offset.sgpr_negative");
    }
    if let Some(p) = plans.first() {
        for e in [0u32, 1, 0x7fff_ffff, 0x8000_0000, 0xffff_ffff] {
            p.case(rc, rng, 0x1_0000, 0, Some(e), "data.edge");
        }
    }
    let mut tries = 0;
    while !rc.full() && tries < 4 * rc.cap {
        tries += 1;
        let p = &plans[(rng.next_u64() % plans.len() as u64) as usize];
        // Dword-aligned three times in four (misaligned bases are an edge case of their own).
        let mask = if rng.next_u64().is_multiple_of(4) {
            !0
        } else {
            !3
        };
        let base = (0x1_0000 + (rng.next_u64() % 0x1000)) & mask;
        let soff = (rng.next_u64() % 0x200) as u32;
        p.case(rc, rng, base, soff, None, "random");
    }
}
