//! FLAT, GLOBAL and SCRATCH cases: FLAT's aperture classification (global memory, the
//! shared aperture to LDS with M0's limit, the private aperture to swizzled scratch, just
//! past an aperture's limit), GLOBAL with a 64-bit VGPR address or SADDR + 32-bit offset,
//! signed offsets at -4096, -1 and 4095, address wrap-around, a GLOBAL address inside the
//! shared aperture (MEM_VIOL), SCRATCH through FLAT_SCRATCH with VGPR or SGPR offsets,
//! misaligned scratch accesses, atomics with and without GLC return, and EXEC patterns
//! (docs/design/0031). Registers: address v1 (v[1:2]), SADDR s[2:3] (SCRATCH: s2), DATA
//! v4.., VDST v10...

use super::{few_lanes, lanes, settle, Init, RowCases, EXEC_ALL, EXEC_ALT, EXEC_LAST};
use crate::generate::Rng;
use gpuref_amd_gcn5::formats::flat::{is_float_atomic, shape, Flat, Shape, SADDR_OFF};
use gpuref_amd_gcn5::formats::{Fields, Instruction};
use gpuref_amd_gcn5::instructions::Format;

/// Apertures (bits 63:32 of an address): shared 0x10000, private 0x20000.
const SHARED: u32 = 0x1_0000;
const PRIVATE: u32 = 0x2_0000;
const FLAT_SCRATCH: u64 = 0x8_0000;

struct Plan {
    inst: Instruction,
    sh: Shape,
    f: Flat,
    why: String,
}

/// Where a case's lanes point: `addr(l)` is the VGPR address (64-bit for FLAT/GLOBAL
/// without SADDR, else a 32-bit offset); `sbase` the SADDR value.
struct Where<'a> {
    addr: &'a dyn Fn(usize) -> u64,
    sbase: u64,
    apertures: bool,
    m0: u32,
}

impl Plan {
    fn case(
        &self,
        rc: &mut RowCases,
        rng: &mut Rng,
        exec: u64,
        at: &Where,
        edge: Option<u32>,
        why: &str,
    ) {
        let fmt = self.inst.row.format;
        let mut init = Init::new();
        init.set("exec", exec);
        let saddr = self.f.saddr != SADDR_OFF && fmt != Format::Flat;
        match (fmt, saddr) {
            (Format::Scratch, true) => {
                init.set("s2", at.sbase & 0xffff_ffff);
            }
            (_, true) => {
                init.set("s2", at.sbase & 0xffff_ffff)
                    .set("s3", at.sbase >> 32);
            }
            _ => {}
        }
        if self.sh.addr >= 1 {
            init.lanes(1, exec, |l| (at.addr)(l) as u32);
        }
        if self.sh.addr == 2 {
            init.lanes(2, exec, |l| ((at.addr)(l) >> 32) as u32);
        }
        for r in 0..self.sh.data {
            let mut g = Rng(rng.next_u64());
            init.lanes(4 + r, exec, |_| edge.unwrap_or(g.next_u64() as u32));
        }
        // The destination holds junk, so that a write of 0 shows.
        for r in 0..self.sh.vdst {
            let mut g = Rng(rng.next_u64());
            init.lanes(10 + r, exec, |_| g.next_u64() as u32);
        }
        if fmt == Format::Scratch {
            init.set("flat_scratch", FLAT_SCRATCH);
        }
        if fmt == Format::Flat && at.apertures {
            init.set("shared_base", u64::from(SHARED))
                .set("shared_limit", u64::from(SHARED))
                .set("private_base", u64::from(PRIVATE))
                .set("private_limit", u64::from(PRIVATE))
                .set("flat_scratch", FLAT_SCRATCH)
                .set("m0", u64::from(at.m0));
        }
        if fmt == Format::Global && at.apertures {
            init.set("shared_base", u64::from(SHARED))
                .set("shared_limit", u64::from(SHARED));
        }
        // The bytes each lane can touch.
        let off = match fmt {
            Format::Flat => u64::from(self.f.offset & 0xfff),
            _ => i64::from(self.f.signed_offset()) as u64,
        };
        // The access width: the data or destination dwords (at least one).
        let width = 4 * u32::from(self.sh.vdst.max(self.sh.data).clamp(1, 4));
        for l in lanes(exec) {
            let a = (at.addr)(l);
            match fmt {
                Format::Scratch => {
                    let o = if saddr { at.sbase as u32 } else { a as u32 };
                    let o = u64::from(o.wrapping_add(off as u32));
                    for k in (0..u64::from(width)).step_by(4) {
                        let p = FLAT_SCRATCH + ((o + k) & !3) * 64 + 4 * l as u64;
                        init.fill("mem", p, 4, rng);
                    }
                }
                Format::Global => {
                    let base = if saddr {
                        at.sbase.wrapping_add(a & 0xffff_ffff)
                    } else {
                        a
                    };
                    init.fill("mem", base.wrapping_add(off), width as usize, rng);
                }
                _ => {
                    let p = a.wrapping_add(off);
                    if at.apertures && (p >> 32) as u32 == SHARED {
                        init.fill("lds", p & 0xffff_ffff, width as usize, rng);
                    } else if at.apertures && (p >> 32) as u32 == PRIVATE {
                        let o = p & 0xffff_ffff;
                        for k in (0..u64::from(width)).step_by(4) {
                            init.fill(
                                "mem",
                                FLAT_SCRATCH + ((o + k) & !3) * 64 + 4 * l as u64,
                                4,
                                rng,
                            );
                        }
                    } else {
                        init.fill("mem", p, width as usize, rng);
                    }
                }
            }
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
    let fmt = row.format;
    let atomic = shape(row, false, SADDR_OFF).vdst == 0 && shape(row, true, SADDR_OFF).vdst > 0;
    let mut forms: Vec<(u16, bool, u8, &str)> = vec![(0, false, SADDR_OFF, "")];
    match fmt {
        Format::Flat => forms.push((4095, false, SADDR_OFF, "offset.max")),
        _ => {
            forms.push((0x1000, false, SADDR_OFF, "offset.min_-4096"));
            forms.push((0x1fff, false, SADDR_OFF, "offset.-1"));
            forms.push((4095, false, SADDR_OFF, "offset.max"));
            forms.push((0, false, 2, "saddr"));
            forms.push((0x1ffc, false, 2, "saddr.offset_-4"));
        }
    }
    if atomic && !is_float_atomic(row) {
        forms.push((0, true, SADDR_OFF, "glc.return"));
        if fmt != Format::Flat {
            forms.push((0, true, 2, "glc.return.saddr"));
        }
    }
    let mut out = Vec::new();
    for (offset, glc, saddr, why) in forms {
        let sh = shape(row, glc, saddr);
        let f = Flat {
            offset,
            glc,
            slc: false,
            addr: if sh.addr > 0 { 1 } else { 0 },
            data: if sh.data > 0 { 4 } else { 0 },
            // FLAT does not use SADDR: the field is 0 there.
            saddr: if fmt == Format::Flat { 0 } else { saddr },
            vdst: if sh.vdst > 0 { 10 } else { 0 },
        };
        let inst = super::inst(row, Fields::Flat(f));
        if let Ok(inst) = settle(rc.target, &inst) {
            if let Fields::Flat(f) = inst.fields {
                out.push(Plan {
                    inst,
                    sh,
                    f,
                    why: why.into(),
                });
            }
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
    let fmt = rc.row.format;
    let mem = |l: usize| 0x1_0000 + 8 * l as u64;
    let plain = |a: &'static dyn Fn(usize) -> u64| Where {
        addr: a,
        sbase: 0x2_0000,
        apertures: false,
        m0: u32::MAX,
    };
    static MEM: fn(usize) -> u64 = |l| 0x1_0000 + 8 * l as u64;
    let _ = mem;
    for (i, p) in plans.iter().enumerate() {
        let saddr = p.f.saddr != SADDR_OFF && fmt != Format::Flat;
        let scratch_off = |l: usize| 0x40 + 4 * l as u64;
        let w = if fmt == Format::Scratch {
            Where {
                addr: &scratch_off,
                sbase: 0x40,
                apertures: false,
                m0: u32::MAX,
            }
        } else {
            plain(&MEM)
        };
        if i == 0 {
            p.case(rc, rng, EXEC_ALL, &w, Some(0x1234_5678), "exec.all");
            p.case(rc, rng, 0, &w, None, "exec.none");
            p.case(rc, rng, EXEC_ALT, &w, None, "exec.alternating");
        }
        p.case(rc, rng, EXEC_LAST, &w, None, "exec.one_lane");
        let same = |_: usize| {
            if fmt == Format::Scratch {
                0x40
            } else {
                0x1_0000
            }
        };
        p.case(
            rc,
            rng,
            0x3,
            &Where { addr: &same, ..w },
            None,
            "addr.same_address",
        );
        let mis = |l: usize| {
            if fmt == Format::Scratch {
                0x41 + 4 * l as u64
            } else {
                0x1_0001 + 8 * l as u64
            }
        };
        p.case(
            rc,
            rng,
            0x3,
            &Where { addr: &mis, ..w },
            None,
            "addr.misaligned",
        );
        if i > 0 {
            continue;
        }
        match fmt {
            Format::Flat => {
                let lds = |l: usize| u64::from(SHARED) << 32 | (0x40 + 4 * l as u64);
                let ap = |a: &'static dyn Fn(usize) -> u64, m0| Where {
                    addr: a,
                    sbase: 0,
                    apertures: true,
                    m0,
                };
                static LDS: fn(usize) -> u64 = |l| u64::from(SHARED) << 32 | (0x40 + 4 * l as u64);
                static PRIV: fn(usize) -> u64 =
                    |l| u64::from(PRIVATE) << 32 | (0x10 + 4 * l as u64);
                static PAST: fn(usize) -> u64 =
                    |l| u64::from(SHARED + 1) << 32 | (0x40 + 4 * l as u64);
                static BELOW: fn(usize) -> u64 =
                    |l| u64::from(SHARED - 1) << 32 | (0xffff_fff0 + 4 * l as u64);
                let _ = lds;
                p.case(
                    rc,
                    rng,
                    0xf,
                    &ap(&LDS, u32::MAX),
                    None,
                    "aperture.shared_to_lds",
                );
                p.case(
                    rc,
                    rng,
                    0x3,
                    &ap(&LDS, 0x44),
                    None,
                    "aperture.shared.m0_limit",
                );
                p.case(
                    rc,
                    rng,
                    0x1,
                    &ap(&LDS, 0x40),
                    None,
                    "aperture.shared.m0_at_start",
                );
                p.case(
                    rc,
                    rng,
                    0xf,
                    &ap(&PRIV, u32::MAX),
                    None,
                    "aperture.private_to_scratch",
                );
                p.case(
                    rc,
                    rng,
                    0x3,
                    &ap(&PAST, u32::MAX),
                    None,
                    "aperture.just_past_limit",
                );
                p.case(
                    rc,
                    rng,
                    0x3,
                    &ap(&BELOW, u32::MAX),
                    None,
                    "aperture.just_below_base",
                );
            }
            Format::Global => {
                static WRAP: fn(usize) -> u64 = |l| u64::MAX - 7 + 4 * l as u64;
                static SH: fn(usize) -> u64 = |l| (u64::from(SHARED) << 32) | (4 * l as u64);
                static OFF: fn(usize) -> u64 = |l| 0xffff_fff0 + 4 * l as u64;
                if saddr {
                    p.case(
                        rc,
                        rng,
                        0x3,
                        &Where {
                            addr: &OFF,
                            sbase: 0x1_0000,
                            apertures: false,
                            m0: 0,
                        },
                        None,
                        "saddr.offset_high",
                    );
                } else {
                    p.case(rc, rng, 0x3, &plain(&WRAP), None, "addr.wraps");
                    p.case(
                        rc,
                        rng,
                        0x3,
                        &Where {
                            addr: &SH,
                            sbase: 0,
                            apertures: true,
                            m0: 0,
                        },
                        None,
                        "addr.in_shared_aperture",
                    );
                }
            }
            _ => {
                static NEG: fn(usize) -> u64 = |l| 4 * l as u64;
                p.case(
                    rc,
                    rng,
                    0x3,
                    &Where {
                        addr: &NEG,
                        sbase: 0,
                        apertures: false,
                        m0: 0,
                    },
                    None,
                    "scratch.offset_zero",
                );
                static HIGH: fn(usize) -> u64 = |l| 0xffff_fffc + 4 * l as u64;
                p.case(
                    rc,
                    rng,
                    0x3,
                    &Where {
                        addr: &HIGH,
                        sbase: 0xffff_fffc,
                        apertures: false,
                        m0: 0,
                    },
                    None,
                    "scratch.offset_wraps",
                );
            }
        }
        if p.sh.data > 0 {
            for e in [0u32, 1, 0x7fff_ffff, 0x8000_0000, 0xffff_ffff] {
                p.case(rc, rng, 1, &w, Some(e), "data.edge");
            }
        }
    }
    let mut tries = 0;
    while !rc.full() && tries < 4 * rc.cap {
        tries += 1;
        let p = &plans[(rng.next_u64() % plans.len() as u64) as usize];
        let exec = few_lanes(rng);
        // Dword-aligned three times in four (misaligned addresses are an edge case of their own).
        let mask = if rng.next_u64().is_multiple_of(4) {
            !0
        } else {
            !3
        };
        let base = (rng.next_u64() % 0x1000) & mask;
        let stride = [0u64, 4, 8, 16][(rng.next_u64() % 4) as usize];
        let hi = if fmt == Format::Scratch { 0 } else { 0x1_0000 };
        let addr = move |l: usize| hi + base + stride * l as u64;
        let sbase = if fmt == Format::Scratch {
            base
        } else {
            0x3_0000 + base
        };
        let aps = fmt == Format::Flat && rng.next_u64().is_multiple_of(3);
        let lds = move |l: usize| u64::from(SHARED) << 32 | (base + stride * l as u64);
        let w = if aps {
            Where {
                addr: &lds,
                sbase,
                apertures: true,
                m0: (rng.next_u64() % 0x1200) as u32,
            }
        } else {
            Where {
                addr: &addr,
                sbase,
                apertures: false,
                m0: u32::MAX,
            }
        };
        p.case(rc, rng, exec, &w, None, "random");
    }
}
