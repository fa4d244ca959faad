//! Program-flow cases (docs/design/0029): branches taken and not taken with SIMM16 at 0,
//! ±1, the extremes and near a PC wrap; SCC, VCCZ, EXECZ and the STATUS debug bits;
//! S_GETREG/S_SETREG over every hardware-register id with fields at offset 0, 4 and 31 and
//! sizes 1, 4 and 32 (past bit 31 included), PRIV for TBA/TMA; fork/join with the stack
//! pointer at 0, 1, 5 and 6; MOVREL with M0 inside, at and past s101; GPR indexing; traps
//! with TRAP_EN 0 and 1; and the events (S_WAITCNT, S_SENDMSG, ...). Operands: SDST s10,
//! SSRC0 s[2:3] (s2), SSRC1 s4.

use super::{settle, Init, RowCases};
use crate::generate::Rng;
use gpuref_amd_gcn5::formats::template::opcode_bits;
use gpuref_amd_gcn5::formats::{self, Instruction};
use gpuref_amd_gcn5::instructions::Format;

/// The row's instruction with SIMM16 `k` (SOPP/SOPK), SDST s10, SSRC0 s2, SSRC1 s4, and
/// the literal `lit` where the row takes one.
fn build(rc: &RowCases, k: u16, lit: u32) -> Option<Instruction> {
    let row = rc.row;
    let (bits, _) = opcode_bits(row.format, row.opcode);
    let k = u32::from(k);
    let mut words = vec![match row.format {
        Format::Sopp => bits | k,
        Format::Sopk => bits | 10 << 16 | k,
        Format::Sop1 => bits | 10 << 16 | 2,
        Format::Sop2 => bits | 10 << 16 | 4 << 8 | 2,
        Format::Sopc if row.name == "S_SET_GPR_IDX_ON" => bits | (k & 0xff) << 8 | 2,
        Format::Sopc => bits | 4 << 8 | 2,
        _ => return None,
    }];
    if row.name == "S_SETREG_IMM32_B32" {
        words.push(lit);
    }
    let try_decode = |w: &[u32]| {
        formats::decode(rc.target, w)
            .ok()
            .filter(|(i, used)| *used == w.len() && i.row.name == row.name)
            .map(|(i, _)| i)
    };
    let inst = try_decode(&words).or_else(|| {
        // A form without SDST (S_CBRANCH_G_FORK, S_RFE_RESTORE_B64, S_SETREG).
        words[0] &= !(0x7f << 16);
        try_decode(&words)
    })?;
    settle(rc.target, &inst).ok()
}

/// `hwreg(id, offset, size)` as SIMM16.
fn hwreg(id: u16, offset: u16, size: u16) -> u16 {
    (size - 1) << 11 | offset << 6 | id
}

fn simm16s(name: &str, rng: &mut Rng) -> Vec<u16> {
    let mut v: Vec<u16> = if name.contains("BRANCH") && !name.contains("JOIN")
        || name == "S_CBRANCH_I_FORK"
        || name == "S_CALL_B64"
    {
        // SIMM16 2 first: the edge states run on it, and a taken branch by 0 would not show.
        vec![2, 0, 1, 0x7fff, 0x8000, 0xffff, 0xfffe]
    } else if name.contains("REG") && (name.contains("GET") || name.contains("SET")) {
        let mut v = Vec::new();
        for id in [1, 2, 3, 4, 5, 6, 7, 0, 15, 16, 17, 18, 19] {
            for (o, s) in [(0, 32), (0, 1), (4, 4), (31, 1), (30, 4)] {
                v.push(hwreg(id, o, s));
            }
        }
        v
    } else if name == "S_SET_GPR_IDX_ON" {
        vec![0, 1, 2, 4, 8, 0xf]
    } else {
        vec![0, 1, 3, 0xffff]
    };
    v.push(rng.next_u64() as u16);
    v
}

/// One scenario: PC, SCC, VCC, EXEC, M0, STATUS, MODE, the sources.
#[derive(Clone, Copy)]
struct State {
    pc: u64,
    scc: u64,
    vcc: u64,
    exec: u64,
    m0: u32,
    status: u32,
    mode: u32,
    trapsts: u32,
    s: [u32; 4],
}

fn push(rc: &mut RowCases, inst: &Instruction, st: &State, rng: &mut Rng, why: &str) {
    let name = rc.row.name;
    let mut init = Init::new();
    init.set("pc", st.pc);
    let reads = |k: &str| -> bool {
        match k {
            "scc" => name.contains("SCC") || name.contains("GETREG"),
            "vcc" => name.contains("VCC") || name.contains("GETREG"),
            "exec" => {
                name.contains("EXEC")
                    || name.contains("FORK")
                    || name.contains("JOIN")
                    || name.contains("SENDMSG")
                    || name == "S_TTRACEDATA"
                    || name.contains("GETREG")
            }
            "m0" => {
                name.contains("MOVREL")
                    || name.contains("GPR_IDX")
                    || name.contains("SENDMSG")
                    || name == "S_TTRACEDATA"
            }
            "status" => {
                name.contains("CDBG")
                    || name.contains("TRAP")
                    || name.contains("REG")
                    || name.contains("RFE")
                    || name.contains("HALT")
                    || name.contains("PRIO")
                    || name.starts_with("S_ENDPGM")
            }
            "mode" => {
                name.contains("REG")
                    || name.contains("FORK")
                    || name.contains("JOIN")
                    || name.contains("GPR_IDX")
                    || name.contains("VSKIP")
            }
            "trapsts" => name.contains("REG"),
            "tba" => name == "S_TRAP" || name.contains("REG"),
            _ => false,
        }
    };
    for (k, v) in [
        ("scc", st.scc),
        ("vcc", st.vcc),
        ("exec", st.exec),
        ("m0", u64::from(st.m0)),
        ("status", u64::from(st.status)),
        ("trapsts", u64::from(st.trapsts)),
        ("tba", 0x8000),
    ] {
        if reads(k) {
            init.set(k, v);
        }
    }
    if reads("mode") {
        init.mode = Some(st.mode);
    }
    let f = rc.row.format;
    if name == "S_SETREG_B32" {
        // SOPK: the source is the SDST field (s10).
        init.set("s10", u64::from(st.s[0]));
    }
    if matches!(f, Format::Sop1 | Format::Sop2 | Format::Sopc) {
        for (i, v) in st.s.iter().enumerate() {
            init.set(&format!("s{}", 2 + i), u64::from(*v));
        }
    }
    if name.contains("JOIN") || name.contains("FORK") {
        // The fork stack: SGPR[CSP*4 ..] for the stack pointer MODE[31:29] holds.
        let csp = (st.mode >> 29) as u64;
        for i in 0..4 {
            let r = (csp.wrapping_sub(1) & 7) * 4 + i;
            if r < 102 && !(2..6).contains(&r) {
                init.set(&format!("s{r}"), rng.next_u64() & 0xffff_fffc);
            }
        }
    }
    if name.contains("MOVRELS") {
        let r = 2 + u64::from(st.m0);
        if r < 102 {
            init.set(&format!("s{r}"), rng.next_u64() & 0xffff_ffff);
            init.set(&format!("s{}", r + 1), rng.next_u64() & 0xffff_ffff);
        }
    }
    rc.push(inst, &init, why);
}

pub fn cases(rc: &mut RowCases, rng: &mut Rng) {
    let name = rc.row.name;
    let base = State {
        pc: 0x1000,
        scc: 0,
        vcc: 0,
        exec: u64::MAX,
        m0: 0,
        status: 0x1_0000,
        mode: 0x3f0,
        trapsts: 0,
        s: [0x10, 0, 0x3, 0],
    };
    let mut insts = Vec::new();
    for k in simm16s(name, rng) {
        if let Some(i) = build(rc, k, rng.next_u64() as u32) {
            insts.push(i);
        }
    }
    if insts.is_empty() {
        rc.skipped.push("no operand combination decodes".into());
        return;
    }
    let edges: Vec<(State, &str)> = vec![
        (base, "base"),
        (State { scc: 1, ..base }, "scc.1"),
        (
            State {
                vcc: 1 << 63,
                ..base
            },
            "vcc.nonzero",
        ),
        (State { exec: 0, ..base }, "exec.zero"),
        (
            State {
                exec: 0x5555_5555_5555_5555,
                ..base
            },
            "exec.alternating",
        ),
        (
            State {
                pc: u64::MAX - 3,
                ..base
            },
            "pc.wraps",
        ),
        (State { pc: 0, ..base }, "pc.zero"),
        (
            State {
                status: 0x1_0000 | 1 << 20,
                ..base
            },
            "status.cond_dbg_user",
        ),
        (
            State {
                status: 0x1_0000 | 1 << 21,
                ..base
            },
            "status.cond_dbg_sys",
        ),
        (
            State {
                status: 0x1_0000 | 1 << 6 | 1 << 5,
                ..base
            },
            "status.trap_en.priv",
        ),
        (State { m0: 1, ..base }, "m0.1"),
        (State { m0: 99, ..base }, "m0.to_s101"),
        (State { m0: 100, ..base }, "m0.past_s101"),
        (
            State {
                m0: 0xffff_ffff,
                ..base
            },
            "m0.max",
        ),
        (
            State {
                mode: 0x3f0 | 1 << 29,
                ..base
            },
            "mode.csp_1",
        ),
        (
            State {
                mode: 0x3f0 | 5 << 29,
                ..base
            },
            "mode.csp_5",
        ),
        (
            State {
                mode: 0x3f0 | 6 << 29,
                ..base
            },
            "mode.csp_6",
        ),
        (
            State {
                s: [0, 0, 0, 0],
                ..base
            },
            "sources.zero",
        ),
        (
            State {
                s: [0xffff_ffff, 0xffff_ffff, 0x1f, 0xffff_ffff],
                ..base
            },
            "sources.ones",
        ),
        (
            State {
                trapsts: 0xffff_ffff,
                mode: 0xffff_ffff,
                ..base
            },
            "hwreg.all_ones",
        ),
    ];
    // Every instruction form once from the base state; the first form under every edge.
    for i in &insts {
        push(rc, i, &base, rng, "form");
    }
    for (st, why) in &edges {
        push(rc, &insts[0], st, rng, why);
    }
    for (k, i) in insts.iter().enumerate().skip(1) {
        let (st, why) = &edges[k % edges.len()];
        push(rc, i, st, rng, why);
    }
    let mut tries = 0;
    while !rc.full() && tries < 2 * rc.cap {
        tries += 1;
        let i = &insts[(rng.next_u64() % insts.len() as u64) as usize];
        let r = |rng: &mut Rng| rng.next_u64();
        let st = State {
            pc: r(rng) & 0xffff_fffc,
            scc: r(rng) & 1,
            vcc: if r(rng) % 2 == 0 { 0 } else { r(rng) },
            exec: if r(rng) % 3 == 0 { 0 } else { r(rng) },
            m0: (r(rng) % 128) as u32,
            status: 0x1_0000 | (r(rng) as u32 & (1 << 20 | 1 << 21 | 1 << 6 | 1 << 5)),
            mode: 0x3f0 | ((r(rng) % 6) as u32 * (1 << 29)),
            trapsts: r(rng) as u32 & 0x1ff,
            s: [
                r(rng) as u32,
                r(rng) as u32,
                r(rng) as u32 & 0x1f,
                r(rng) as u32,
            ],
        };
        push(rc, i, &st, rng, "random");
    }
}
