//! DS (LDS/GDS) cases: the offset forms (one 16-bit offset, two 8-bit offsets scaled by the
//! element size and ST64, the swizzle pattern), the M0 limit just inside, at and past the
//! access (Vega `>`, MI100 `>=`: docs/design/0030), the end of the LDS, misaligned and
//! shared addresses, GDS with M0 = {base, size}, and the EXEC patterns.
//! Registers: address v1, DATA0 v2.., DATA1 v6.., VDST v10...

use super::{few_lanes, lanes, settle, Init, RowCases, EXEC_ALL, EXEC_ALT, EXEC_LAST};
use crate::generate::Rng;
use gpuref_amd_gcn5::formats::ds::{shape, Ds, Gds, Offsets, Shape};
use gpuref_amd_gcn5::formats::{Fields, Instruction};

/// Bytes per element of a row (its type suffix).
fn elem(name: &str) -> u32 {
    let last = name.rsplit('_').next().unwrap_or("");
    match &last[1.min(last.len())..] {
        "8" => 1,
        "16" => 2,
        "64" => 8,
        "96" => 12,
        "128" => 16,
        _ => 4,
    }
}

/// The byte offsets of the access from the lane's address.
fn spans(name: &str, sh: &Shape, d: &Ds) -> Vec<u32> {
    match sh.offsets {
        Offsets::Two => {
            let scale = elem(name).min(8) * if name.contains("ST64") { 64 } else { 1 };
            vec![u32::from(d.offset0) * scale, u32::from(d.offset1) * scale]
        }
        Offsets::One => vec![u32::from(d.offset16())],
        _ => vec![0],
    }
}

const EDGE_DATA: [u32; 6] = [0, 1, 0x7fff_ffff, 0x8000_0000, 0xffff_ffff, 0x3f80_0000];

struct Plan {
    inst: Instruction,
    sh: Shape,
    d: Ds,
}

impl Plan {
    /// One case: the lanes `exec` has active, lane l's address `addr(l)`, M0 `m0`.
    #[allow(clippy::too_many_arguments)]
    fn case(
        &self,
        rc: &mut RowCases,
        rng: &mut Rng,
        exec: u64,
        addr: &dyn Fn(usize) -> u32,
        m0: u32,
        edge: Option<u32>,
        why: &str,
    ) {
        let name = self.inst.row.name;
        let mut init = Init::new();
        init.set("exec", exec).set("m0", u64::from(m0));
        if self.sh.addr {
            init.lanes(1, exec, addr);
        }
        for (base, n) in [(2u8, self.sh.data0), (6, self.sh.data1)] {
            for r in 0..n {
                let v = edge;
                let mut g = Rng(rng.next_u64());
                init.lanes(base + r, exec, |_| v.unwrap_or(g.next_u64() as u32));
            }
        }
        // The destination holds junk, so that a write of 0 shows.
        for r in 0..self.sh.vdst {
            let mut g = Rng(rng.next_u64());
            init.lanes(10 + r, exec, |_| g.next_u64() as u32);
        }
        // The bytes each active lane can touch (loads read them, stores overwrite them).
        let (space, base) = if self.d.gds {
            ("gds", u64::from(m0 >> 16))
        } else {
            ("lds", 0)
        };
        let wide = elem(name).max(4) as usize;
        let tid_base = u64::from(m0 & 0xffff);
        for l in lanes(exec) {
            let a = if self.sh.addr {
                u64::from(addr(l))
            } else {
                tid_base + 4 * l as u64
            };
            for off in spans(name, &self.sh, &self.d) {
                let at = base + a + u64::from(off);
                if at < 0x1_0000 {
                    init.fill(space, at, wide, rng);
                }
            }
        }
        rc.push(&self.inst, &init, why);
    }
}

fn plans(rc: &RowCases, rng: &mut Rng) -> Vec<Plan> {
    let row = rc.row;
    let sh = shape(row);
    let offsets: Vec<(u8, u8)> = match sh.offsets {
        Offsets::One => vec![(0, 0), (4, 0), (0xff, 0xff), (0x10, 0), (1, 0)],
        Offsets::Two => vec![(0, 1), (1, 0), (0xff, 0xff), (2, 5)],
        Offsets::Swizzle => {
            let mut v = vec![(0, 0), (0x1f, 0), (0x1f, 0x80), (0xe4, 0x80), (0x41, 0x04)];
            v.push((rng.next_u64() as u8, rng.next_u64() as u8));
            v
        }
        Offsets::Unused => vec![(0, 0)],
    };
    let gds: &[bool] = match sh.gds {
        Gds::Forbidden => &[false],
        Gds::Required => &[true],
        Gds::Either => &[false, true],
    };
    let mut out = Vec::new();
    for &g in gds {
        for &(o0, o1) in &offsets {
            let d = Ds {
                offset0: o0,
                offset1: o1,
                gds: g,
                addr: if sh.addr { 1 } else { 0 },
                data0: if sh.data0 > 0 { 2 } else { 0 },
                data1: if sh.data1 > 0 { 6 } else { 0 },
                vdst: if sh.vdst > 0 { 10 } else { 0 },
            };
            let inst = super::inst(row, Fields::Ds(d));
            if let Ok(inst) = settle(rc.target, &inst) {
                if let Fields::Ds(d) = inst.fields {
                    out.push(Plan { inst, sh, d });
                }
            }
        }
    }
    out
}

pub fn cases(rc: &mut RowCases, rng: &mut Rng) {
    let plans = plans(rc, rng);
    if plans.is_empty() {
        rc.skipped.push("no field combination decodes".into());
        return;
    }
    let gds_m0 = (0x100 << 16) | 0x1000;
    for (i, p) in plans.iter().enumerate() {
        let m0 = if p.d.gds { gds_m0 } else { u32::MAX };
        let off = spans(rc.row.name, &p.sh, &p.d)[0];
        let size = elem(rc.row.name);
        // The first plan of each kind gets the full edge set, the others the core of it.
        let full = i == 0 || (p.d.gds && !plans[i - 1].d.gds);
        if full {
            p.case(
                rc,
                rng,
                EXEC_ALL,
                &|l| 0x100 + 16 * l as u32,
                m0,
                Some(0x1234_5678),
                "exec.all",
            );
            p.case(
                rc,
                rng,
                0,
                &|l| 0x100 + 16 * l as u32,
                m0,
                None,
                "exec.none",
            );
            p.case(
                rc,
                rng,
                EXEC_ALT,
                &|l| 0x200 + 8 * l as u32,
                m0,
                None,
                "exec.alternating",
            );
        }
        p.case(rc, rng, EXEC_LAST, &|_| 0x40, m0, None, "exec.one_lane");
        let limit_base: u32 = 0x80;
        let end = limit_base + off + size;
        for (m, why) in [
            (end - 1, "m0.just_inside_minus_one"),
            (end, "m0.at_access_end"),
            (end + 1, "m0.one_past_access_end"),
            (limit_base + off, "m0.at_access_start"),
        ] {
            let m = if p.d.gds {
                gds_m0 & 0xffff_0000 | (m & 0xffff)
            } else {
                m
            };
            p.case(rc, rng, 1, &|_| limit_base, m, None, why);
        }
        if !full {
            continue;
        }
        p.case(rc, rng, 0x3, &|_| 0x40, m0, None, "addr.same_address");
        p.case(
            rc,
            rng,
            0x7,
            &|l| 0x41 + 5 * l as u32,
            m0,
            None,
            "addr.misaligned",
        );
        p.case(
            rc,
            rng,
            0x3,
            &|l| 0xfff8 + 4 * l as u32,
            m0,
            None,
            "addr.lds_end",
        );
        p.case(
            rc,
            rng,
            0x3,
            &|l| 0x1_0000 + 4 * l as u32,
            m0,
            None,
            "addr.past_lds",
        );
        p.case(rc, rng, 0x1, &|_| 0xffff_fffc, m0, None, "addr.wraps");
        p.case(rc, rng, 0x1, &|_| 0x40, 0, None, "m0.zero");
        p.case(rc, rng, 0x1, &|_| 0x40, 0x1_0000, None, "m0.above_16_bits");
        for e in EDGE_DATA {
            p.case(rc, rng, 0x1, &|_| 0x40, m0, Some(e), "data.edge");
        }
    }
    // Seeded random: a plan, a few lanes, addresses in a small window, M0 mostly open.
    let mut tries = 0;
    while !rc.full() && tries < 4 * rc.cap {
        tries += 1;
        let p = &plans[(rng.next_u64() % plans.len() as u64) as usize];
        let exec = few_lanes(rng);
        let base = (rng.next_u64() % 0x400) as u32 & !3;
        let stride = [0u32, 4, 8, 16, 3][(rng.next_u64() % 5) as usize];
        let m0 = match (p.d.gds, rng.next_u64() % 4) {
            (true, _) => (0x100 << 16) | (rng.next_u64() as u32 & 0x1fff),
            (false, 0) => (rng.next_u64() % 0x800) as u32,
            _ => u32::MAX,
        };
        p.case(
            rc,
            rng,
            exec,
            &|l| base + stride * l as u32,
            m0,
            None,
            "random",
        );
    }
}
