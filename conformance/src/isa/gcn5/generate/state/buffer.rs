//! MUBUF and MTBUF cases: the V# in s[4:7] (base, stride, swizzle, NUM_RECORDS, DST_SEL,
//! formats, element size, index stride, ADD_TID), OFFEN/IDXEN, the 12-bit offset, SOFFSET
//! in s8 or the constant 0, the range check just inside, at and past NUM_RECORDS (raw and
//! structured: docs/design/0032), atomics with and without GLC return, TFE, LDS = 1, MTBUF
//! data formats, and the EXEC patterns. One factor is varied at a time from a base form.
//! Registers: VADDR v1 (v[1:2] = {index, offset} with both), VDATA v4...

use super::{few_lanes, lanes, settle, Init, RowCases, EXEC_ALL, EXEC_ALT, EXEC_LAST};
use crate::generate::Rng;
use gpuref_amd_gcn5::formats::mubuf::{shape, Buf, Kind, Shape};
use gpuref_amd_gcn5::formats::{Fields, Instruction};
use gpuref_amd_gcn5::instructions::Format;
use gpuref_amd_gcn5::operand::{ScalarReg, ScalarSrc, Sgpr};

const BASE: u64 = 0x1_0000;

/// A V#: (stride, swizzle, num_records, word 3 fields beyond DST_SEL).
#[derive(Clone, Copy)]
struct Desc {
    stride: u32,
    swizzle: bool,
    num_records: u32,
    nfmt: u32,
    dfmt: u32,
    element_size: u32,
    index_stride: u32,
    add_tid: bool,
}

const DESC: Desc = Desc {
    stride: 0,
    swizzle: false,
    num_records: 0x1000,
    nfmt: 4,
    dfmt: 4,
    element_size: 1,
    index_stride: 0,
    add_tid: false,
};

impl Desc {
    fn words(&self) -> [u32; 4] {
        [
            BASE as u32,
            (BASE >> 32) as u32 | (self.stride & 0x3fff) << 16 | u32::from(self.swizzle) << 31,
            self.num_records,
            4 | 5 << 3
                | 6 << 6
                | 7 << 9
                | (self.nfmt & 7) << 12
                | (self.dfmt & 15) << 15
                | (self.element_size & 3) << 19
                | (self.index_stride & 3) << 21
                | u32::from(self.add_tid) << 23,
        ]
    }
}

struct Plan {
    inst: Instruction,
    sh: Shape,
    b: Buf,
    why: String,
}

impl Plan {
    #[allow(clippy::too_many_arguments)]
    fn case(
        &self,
        rc: &mut RowCases,
        rng: &mut Rng,
        exec: u64,
        desc: Desc,
        soff: u32,
        vidx: &dyn Fn(usize) -> u32,
        voff: &dyn Fn(usize) -> u32,
        edge: Option<u32>,
        why: &str,
    ) {
        let mut init = Init::new();
        init.set("exec", exec);
        for (i, w) in desc.words().iter().enumerate() {
            init.set(&format!("s{}", 4 + i), u64::from(*w));
        }
        if matches!(self.b.soffset, ScalarSrc::Reg(_)) {
            init.set("s8", u64::from(soff));
        }
        let soff = if matches!(self.b.soffset, ScalarSrc::Reg(_)) {
            soff
        } else {
            0
        };
        match (self.b.idxen, self.b.offen) {
            (true, true) => {
                init.lanes(1, exec, vidx);
                init.lanes(2, exec, voff);
            }
            (true, false) => {
                init.lanes(1, exec, vidx);
            }
            (false, true) => {
                init.lanes(1, exec, voff);
            }
            _ => {}
        }
        let data_in = !self.sh.load && self.sh.kind != Kind::StoreLds;
        if data_in {
            for r in 0..self.sh.vdata {
                let mut g = Rng(rng.next_u64());
                init.lanes(4 + r, exec, |_| edge.unwrap_or(g.next_u64() as u32));
            }
        }
        if self.sh.load && !self.b.lds {
            // The destination (and TFE's status dword) holds junk, so that a write of 0 shows.
            for r in 0..self.sh.vdata + u8::from(self.b.tfe) {
                let mut g = Rng(rng.next_u64());
                init.lanes(4 + r, exec, |_| g.next_u64() as u32);
            }
        }
        if self.b.lds || self.sh.kind == Kind::StoreLds {
            init.set("m0", 0x100);
            for l in lanes(exec) {
                init.fill("lds", 0x100 + 4 * l as u64, 4, rng);
            }
        }
        let stride = u64::from(desc.stride);
        for l in lanes(exec) {
            let idx = if self.b.idxen { u64::from(vidx(l)) } else { 0 }
                + if desc.add_tid { l as u64 } else { 0 };
            let off = if self.b.offen { u64::from(voff(l)) } else { 0 };
            let a = BASE + u64::from(soff) + u64::from(self.b.offset) + off + idx * stride;
            init.fill("mem", a, 4 * usize::from(self.sh.vdata.max(1)), rng);
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
    let base = Buf {
        offen: sh.kind != Kind::Bare && sh.kind != Kind::StoreLds,
        vaddr: if matches!(sh.kind, Kind::Bare | Kind::StoreLds) {
            0
        } else {
            1
        },
        vdata: if sh.vdata > 0 { 4 } else { 0 },
        srsrc: if sh.kind == Kind::Bare { 0 } else { 1 },
        soffset: ScalarSrc::Reg(ScalarReg::Sgpr(Sgpr(if sh.kind == Kind::Bare {
            0
        } else {
            8
        }))),
        lds: sh.kind == Kind::StoreLds,
        dfmt: if row.format == Format::Mtbuf { 4 } else { 0 },
        nfmt: if row.format == Format::Mtbuf { 4 } else { 0 },
        ..Buf::default()
    };
    let mut forms: Vec<(Buf, &str)> = vec![(base, "")];
    if sh.kind == Kind::StoreLds {
        forms.push((
            Buf {
                offset: 4095,
                ..base
            },
            "offset.max",
        ));
        forms.push((
            Buf {
                offset: 4,
                soffset: ScalarSrc::Int(0),
                ..base
            },
            "soffset.constant_0",
        ));
    } else if sh.kind != Kind::Bare {
        forms.push((
            Buf {
                offset: 4095,
                ..base
            },
            "offset.max",
        ));
        forms.push((
            Buf {
                offset: 4,
                soffset: ScalarSrc::Int(0),
                ..base
            },
            "soffset.constant_0",
        ));
        forms.push((
            Buf {
                idxen: true,
                offen: false,
                ..base
            },
            "idxen",
        ));
        forms.push((
            Buf {
                idxen: true,
                offen: true,
                ..base
            },
            "idxen.offen",
        ));
        forms.push((
            Buf {
                offen: false,
                offset: 16,
                ..base
            },
            "offset.only",
        ));
    }
    if sh.kind == Kind::Atomic {
        forms.push((Buf { glc: true, ..base }, "glc.return"));
        forms.push((
            Buf {
                glc: true,
                idxen: true,
                ..base
            },
            "glc.return.idxen",
        ));
    }
    if sh.load {
        forms.push((Buf { tfe: true, ..base }, "tfe"));
        forms.push((
            Buf {
                glc: true,
                slc: true,
                ..base
            },
            "glc.slc",
        ));
    }
    if sh.lds && sh.kind != Kind::StoreLds {
        forms.push((
            Buf {
                lds: true,
                vdata: 0,
                ..base
            },
            "lds",
        ));
    }
    if row.format == Format::Mtbuf {
        for (dfmt, nfmt, why) in [
            (1, 0, "dfmt.8_unorm"),
            (2, 7, "dfmt.16_float"),
            (14, 7, "dfmt.32x4_float"),
            (10, 1, "dfmt.2_10_10_10_snorm"),
            (4, 5, "dfmt.32_sint"),
            (0, 4, "dfmt.invalid"),
        ] {
            forms.push((Buf { dfmt, nfmt, ..base }, why));
        }
    }
    let mut out = Vec::new();
    for (b, why) in forms {
        let inst = super::inst(row, Fields::Buf(b));
        if let Ok(inst) = settle(rc.target, &inst) {
            if let Fields::Buf(b) = inst.fields {
                out.push(Plan {
                    inst,
                    sh,
                    b,
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
    let lane4 = |l: usize| 4 * l as u32;
    let lane = |l: usize| l as u32;
    let zero = |_: usize| 0u32;
    let p0 = &plans[0];
    // The base form: EXEC patterns, then each descriptor factor.
    p0.case(
        rc,
        rng,
        EXEC_ALL,
        DESC,
        0,
        &lane,
        &lane4,
        Some(0x1234_5678),
        "exec.all",
    );
    p0.case(rc, rng, 0, DESC, 0, &lane, &lane4, None, "exec.none");
    p0.case(
        rc,
        rng,
        EXEC_ALT,
        DESC,
        0,
        &lane,
        &lane4,
        None,
        "exec.alternating",
    );
    p0.case(
        rc,
        rng,
        EXEC_LAST,
        DESC,
        0,
        &lane,
        &lane4,
        None,
        "exec.one_lane",
    );
    let size = 4 * u32::from(p0.sh.vdata.max(1));
    let at = 0x20u32;
    for (nr, why) in [
        (at + size - 1, "range.raw.one_short"),
        (at + size, "range.raw.at_end"),
        (at + size + 1, "range.raw.one_past"),
        (at, "range.raw.at_start"),
        (0, "range.raw.num_records_0"),
    ] {
        p0.case(
            rc,
            rng,
            1,
            Desc {
                num_records: nr,
                ..DESC
            },
            0,
            &zero,
            &|_| at,
            None,
            why,
        );
    }
    p0.case(
        rc,
        rng,
        0x3,
        DESC,
        0xffff_fff0,
        &zero,
        &lane4,
        None,
        "soffset.wraps",
    );
    p0.case(
        rc,
        rng,
        0x3,
        DESC,
        0x10,
        &zero,
        &|l| 0x1000 - 4 + 4 * l as u32,
        None,
        "range.raw.straddle",
    );
    p0.case(
        rc,
        rng,
        0x1,
        Desc { dfmt: 0, ..DESC },
        0,
        &zero,
        &|_| 0x10,
        None,
        "desc.dfmt_invalid",
    );
    p0.case(
        rc,
        rng,
        0x1,
        DESC,
        0,
        &zero,
        &|_| 0x11,
        None,
        "addr.misaligned",
    );
    p0.case(
        rc,
        rng,
        0x3,
        DESC,
        0,
        &zero,
        &|_| 0x10,
        None,
        "addr.same_address",
    );
    p0.case(
        rc,
        rng,
        0xf,
        Desc {
            add_tid: true,
            stride: 8,
            ..DESC
        },
        0,
        &zero,
        &lane4,
        None,
        "desc.add_tid",
    );
    if p0.sh.kind == Kind::Atomic || !p0.sh.load {
        for e in [0u32, 1, 0x7fff_ffff, 0x8000_0000, 0xffff_ffff] {
            p0.case(rc, rng, 1, DESC, 0, &zero, &|_| 0x20, Some(e), "data.edge");
        }
    }
    // The other forms: structured range checks, swizzling, and a few EXEC patterns.
    for p in &plans[1..] {
        let st = Desc {
            stride: 16,
            num_records: 4,
            ..DESC
        };
        p.case(
            rc,
            rng,
            EXEC_ALT & 0xff,
            DESC,
            0x4,
            &lane,
            &lane4,
            None,
            "exec.alternating",
        );
        p.case(rc, rng, 1, DESC, 0, &|_| 1, &|_| 0x20, None, "one_lane");
        if p.b.idxen {
            for (idx, why) in [
                (3, "range.struct.last_record"),
                (4, "range.struct.index_at_num_records"),
                (5, "range.struct.past"),
            ] {
                p.case(rc, rng, 1, st, 0, &|_| idx, &|_| 4, None, why);
            }
            p.case(
                rc,
                rng,
                1,
                st,
                0,
                &|_| 1,
                &|_| 16,
                None,
                "range.struct.offset_past_stride",
            );
            for (es, is) in [(0, 0), (1, 1), (2, 2), (3, 3)] {
                let sw = Desc {
                    swizzle: true,
                    stride: 12,
                    num_records: 64,
                    element_size: es,
                    index_stride: is,
                    ..DESC
                };
                p.case(rc, rng, 0x0f0f, sw, 0, &lane, &lane4, None, "swizzle");
            }
        }
    }
    let mut tries = 0;
    while !rc.full() && tries < 4 * rc.cap {
        tries += 1;
        let p = &plans[(rng.next_u64() % plans.len() as u64) as usize];
        let exec = few_lanes(rng);
        let desc = Desc {
            stride: [0, 4, 16, 12][(rng.next_u64() % 4) as usize],
            swizzle: rng.next_u64().is_multiple_of(4),
            num_records: (rng.next_u64() % 0x200) as u32,
            element_size: (rng.next_u64() % 4) as u32,
            index_stride: (rng.next_u64() % 4) as u32,
            ..DESC
        };
        let (a, b) = (
            (rng.next_u64() % 16) as u32,
            (rng.next_u64() % 0x100) as u32,
        );
        let soff = (rng.next_u64() % 64) as u32;
        p.case(
            rc,
            rng,
            exec,
            desc,
            soff,
            &|l| a + l as u32 % 3,
            &|l| b + 4 * l as u32,
            None,
            "random",
        );
    }
}
