//! MIMG cases for the rows without a sampler (IMAGE_LOAD*, IMAGE_STORE*, IMAGE_ATOMIC_*,
//! IMAGE_GET_RESINFO; docs/design/0034): EXEC all, none, alternating and one lane on the
//! base form; every DMASK pattern the row takes (loads and stores 0x1, 0x3, 0x7, 0x9, 0xF
//! and 0; atomics 32- and 64-bit), D16, TFE, DA over a 1D-array T#, A16, GLC/SLC/LWE;
//! the T# fields the kernel reads (data and num formats, dst_sel, width/height/pitch, 1D,
//! 2D and 3D types, base and last level); out-of-range coordinates (x at width - 1, width
//! and 0xffff, y past the first row and past height - 1, a mip level past the last);
//! data edge values; two lanes of an atomic on one texel; then seeded random cases.
//! Registers: the T# in s[8:15] (SRSRC 2), the address in v0..v3, the data in v4...
//!
//! Every T# is linear (tiling index 0) and uncompressed: the other layouts are not in the
//! manual and do not execute (rule `gcn5.image.layout`), so they make no vector.

use super::{few_lanes, settle, Init, RowCases, EXEC_ALL, EXEC_ALT, EXEC_LAST};
use crate::generate::Rng;
use gpuref_amd_gcn5::formats::mimg::{shape, Kind, Mimg};
use gpuref_amd_gcn5::formats::{Fields, Instruction};

/// The surface's byte address (256-byte aligned, as the T# stores it).
const BASE: u64 = 0x1_0000;
/// dst_sel x, y, z, w = R, G, B, A (codes 4..7).
const IDENTITY: u32 = 4 | 5 << 3 | 6 << 6 | 7 << 9;
/// dst_sel x, y, z, w = A, B, G, R.
const REVERSED: u32 = 7 | 6 << 3 | 5 << 6 | 4 << 9;
/// dst_sel x, y, z, w = 0, 1, 0, 1 (the constant codes).
const CONSTANTS: u32 = 1 << 3 | 1 << 9;
/// The buffer DFMT/NFMT codes the T# shares (0034, "Formats").
const UNORM: u32 = 0;
const UINT: u32 = 4;
const FLOAT: u32 = 7;

/// The T# fields a case sets.
#[derive(Clone, Copy, Debug)]
struct Surf {
    dfmt: u32,
    nfmt: u32,
    width: u32,
    height: u32,
    depth: u32,
    /// 8 1D, 9 2D, 10 3D, 12 1D array.
    ty: u32,
    pitch: u32,
    base_level: u32,
    last_level: u32,
    dst_sel: u32,
    max_mip: u32,
    why: &'static str,
}

impl Surf {
    /// A 64-texel 1D surface of one format.
    const fn d1(dfmt: u32, nfmt: u32, why: &'static str) -> Surf {
        Surf {
            dfmt,
            nfmt,
            width: 64,
            height: 1,
            depth: 1,
            ty: 8,
            pitch: 64,
            base_level: 0,
            last_level: 0,
            dst_sel: IDENTITY,
            max_mip: 0,
            why,
        }
    }

    /// The eight dwords (Vega "Image Resource Definition": base 39:0 as address bits
    /// 47:8, data format 57:52, num format 61:58, width-1 77:64, height-1 91:78, dst_sel
    /// 107:96, base level 111:108, last level 115:112, type 127:124, depth-1 140:128,
    /// pitch 156:141, max mip 191:188).
    fn words(&self) -> [u32; 8] {
        [
            (BASE >> 8) as u32,
            self.dfmt << 20 | self.nfmt << 26,
            (self.width - 1) | (self.height - 1) << 14,
            self.dst_sel | self.base_level << 12 | self.last_level << 16 | self.ty << 28,
            (self.depth - 1) | self.pitch << 13,
            self.max_mip << 28,
            0,
            0,
        ]
    }

    /// Bytes per element of the data format (the buffer table's sizes).
    fn bpe(&self) -> u64 {
        match self.dfmt {
            1 => 1,
            2 | 3 => 2,
            11 | 12 => 8,
            13 => 12,
            14 => 16,
            _ => 4,
        }
    }

    /// Whether the address has a y component (2D, 3D).
    fn has_y(&self) -> bool {
        matches!(self.ty, 9 | 10)
    }
}

/// The surfaces each kind of row crosses, the first one its default.
fn surfaces(kind: Kind, pck: bool, wide: bool) -> Vec<Surf> {
    let d2 = Surf {
        width: 16,
        height: 4,
        ty: 9,
        pitch: 16,
        why: "tsharp.2d",
        ..Surf::d1(10, UNORM, "")
    };
    match kind {
        Kind::Atomic { .. } if wide => vec![Surf::d1(11, UINT, "tsharp.32_32_uint")],
        Kind::Atomic { .. } => vec![
            Surf::d1(4, UINT, "tsharp.32_uint"),
            Surf {
                dfmt: 4,
                nfmt: UINT,
                ..d2
            },
        ],
        _ if pck => vec![
            Surf::d1(4, UINT, "tsharp.32_uint"),
            Surf::d1(10, UINT, "tsharp.8_8_8_8_uint"),
        ],
        _ => vec![
            Surf::d1(10, UNORM, "tsharp.8_8_8_8_unorm"),
            Surf::d1(14, FLOAT, "tsharp.32_32_32_32_float"),
            Surf::d1(4, UINT, "tsharp.32_uint"),
            Surf::d1(5, FLOAT, "tsharp.16_16_float"),
            Surf::d1(6, FLOAT, "tsharp.10_11_11_float"),
            Surf::d1(1, UNORM, "tsharp.8_unorm"),
            Surf {
                dst_sel: REVERSED,
                ..Surf::d1(10, UNORM, "tsharp.dst_sel_reversed")
            },
            Surf {
                dst_sel: CONSTANTS,
                ..Surf::d1(3, UNORM, "tsharp.dst_sel_constants")
            },
            d2,
            Surf {
                ty: 10,
                depth: 2,
                why: "tsharp.3d",
                ..d2
            },
        ],
    }
}

/// One instruction form of a row.
struct Plan {
    inst: Instruction,
    m: Mimg,
    kind: Kind,
    mip: bool,
    surfs: Vec<Surf>,
    why: &'static str,
}

/// Where a case's lanes point: x per lane, then y, the slice and the mip id.
struct At<'a> {
    x: &'a dyn Fn(usize) -> u32,
    y: u32,
    slice: u32,
    mip: u32,
}

impl Plan {
    /// The address components of a lane, packed into dwords (two per dword with A16).
    fn vaddr(&self, s: &Surf, at: &At, lane: usize) -> Vec<u32> {
        let mut c = Vec::new();
        if self.inst.row.name == "IMAGE_GET_RESINFO" {
            c.push(at.mip);
        } else {
            c.push((at.x)(lane));
            if s.has_y() {
                c.push(at.y);
            }
            if s.ty == 10 {
                c.push(0); // z
            }
            if self.m.da {
                c.push(at.slice);
            }
            if self.mip {
                c.push(at.mip);
            }
        }
        if self.m.a16 {
            c.chunks(2)
                .map(|p| (p[0] & 0xffff) | p.get(1).map_or(0, |h| (h & 0xffff) << 16))
                .collect()
        } else {
            c
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn case(
        &self,
        rc: &mut RowCases,
        rng: &mut Rng,
        s: &Surf,
        exec: u64,
        at: &At,
        edge: Option<u32>,
        why: &str,
    ) {
        let mut init = Init::new();
        init.set("exec", exec);
        for (i, w) in s.words().iter().enumerate() {
            init.set(&format!("s{}", 8 + i), u64::from(*w));
        }
        let active: Vec<usize> = super::lanes(exec).collect();
        // Per VGPR, its 64 lanes.
        let mut regs: Vec<[u32; 64]> = Vec::new();
        for l in 0..64 {
            for (r, v) in self.vaddr(s, at, l).into_iter().enumerate() {
                if regs.len() <= r {
                    regs.push([0; 64]);
                }
                regs[r][l] = v;
            }
        }
        for (r, reg) in regs.iter().enumerate() {
            init.lanes(r as u8, exec, |l| reg[l]);
        }
        // The texels the lanes touch, at gpuref's linear place (row 0 of level 0 is the
        // settled one; the others are filled too, so a load reads seeded bytes).
        if self.inst.row.name != "IMAGE_GET_RESINFO" {
            for &l in &active {
                let x = u64::from((at.x)(l));
                let y = u64::from(if s.has_y() { at.y } else { 0 });
                if x < u64::from(s.width) && y < u64::from(s.height) {
                    let at = BASE + (y * u64::from(s.pitch) + x) * s.bpe();
                    init.fill("mem", at, s.bpe() as usize, rng);
                }
            }
        }
        // VDATA: what a store or atomic reads; junk a load overwrites, so a 0 shows.
        let n = self.m.data_dwords(self.inst.row);
        let reads = !matches!(self.kind, Kind::Load);
        let mut values: Vec<[u32; 64]> = Vec::new();
        for _ in 0..n {
            let mut v = [0u32; 64];
            for x in v.iter_mut() {
                *x = match edge {
                    Some(e) if reads => e,
                    _ => rng.next_u64() as u32,
                };
            }
            values.push(v);
        }
        for (j, v) in values.iter().enumerate() {
            init.lanes(4 + j as u8, exec, |l| v[l]);
        }
        let why = [self.why, s.why, why]
            .into_iter()
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join("; ");
        rc.push(&self.inst, &init, &why);
    }
}

fn plans(rc: &RowCases) -> Vec<Plan> {
    let row = rc.row;
    let sh = shape(row);
    let name = row.name;
    let pck = name.contains("_PCK");
    let mip = name.contains("_MIP");
    let base = Mimg {
        dmask: 0xf,
        unorm: true,
        glc: false,
        da: false,
        a16: false,
        tfe: false,
        lwe: false,
        slc: false,
        vaddr: 0,
        vdata: 4,
        srsrc: 2,
        ssamp: 0,
        d16: false,
    };
    let mut forms: Vec<(Mimg, bool, &'static str)> = Vec::new();
    match sh.kind {
        Kind::Atomic { cmpswap } => {
            let (narrow, wide) = if cmpswap { (0x3, 0xf) } else { (0x1, 0x3) };
            let m = Mimg {
                dmask: narrow,
                ..base
            };
            forms.push((m, false, ""));
            forms.push((Mimg { glc: true, ..m }, false, "glc"));
            forms.push((Mimg { slc: true, ..m }, false, "slc"));
            forms.push((Mimg { dmask: wide, ..m }, true, "dmask.64bit"));
            forms.push((
                Mimg {
                    dmask: wide,
                    glc: true,
                    ..m
                },
                true,
                "dmask.64bit; glc",
            ));
        }
        _ if name == "IMAGE_GET_RESINFO" => {
            forms.push((base, false, ""));
            for (d, why) in [(0x1, "dmask.0x1"), (0x8, "dmask.0x8"), (0x6, "dmask.0x6")] {
                forms.push((Mimg { dmask: d, ..base }, false, why));
            }
        }
        _ => {
            forms.push((base, false, ""));
            for (d, why) in [
                (0x1, "dmask.0x1"),
                (0x3, "dmask.0x3"),
                (0x7, "dmask.0x7"),
                (0x9, "dmask.0x9"),
                (0x0, "dmask.0x0"),
            ] {
                forms.push((Mimg { dmask: d, ..base }, false, why));
            }
            for (d, why) in [
                (0xf, "d16"),
                (0x3, "d16; dmask.0x3"),
                (0x5, "d16; dmask.0x5"),
            ] {
                forms.push((
                    Mimg {
                        dmask: d,
                        d16: true,
                        ..base
                    },
                    false,
                    why,
                ));
            }
            forms.push((Mimg { tfe: true, ..base }, false, "tfe"));
            forms.push((Mimg { a16: true, ..base }, false, "a16"));
            forms.push((Mimg { glc: true, ..base }, false, "glc"));
            forms.push((Mimg { lwe: true, ..base }, false, "lwe"));
        }
    }
    if name != "IMAGE_GET_RESINFO" {
        forms.push((
            Mimg {
                da: true,
                ..forms[0].0
            },
            false,
            "da",
        ));
    }
    let mut out = Vec::new();
    for (m, wide, why) in forms {
        let inst = super::inst(row, Fields::Mimg(m));
        let Ok(inst) = settle(rc.target, &inst) else {
            continue;
        };
        let Fields::Mimg(m) = inst.fields else {
            continue;
        };
        let mut surfs = surfaces(sh.kind, pck, wide);
        if m.da {
            // DA reads a slice: an array T# (1D array, slice 1: a layer past the first,
            // whose place the manual leaves open).
            surfs = vec![Surf {
                ty: 12,
                why: "tsharp.1d_array",
                ..surfs[0]
            }];
        }
        out.push(Plan {
            inst,
            m,
            kind: sh.kind,
            mip,
            surfs,
            why,
        });
    }
    out
}

pub fn cases(rc: &mut RowCases, rng: &mut Rng) {
    let plans = plans(rc);
    if plans.is_empty() {
        rc.skipped.push("no field combination decodes".into());
        return;
    }
    let lane_x = |l: usize| l as u32;
    let at0 = At {
        x: &lane_x,
        y: 0,
        slice: 0,
        mip: 0,
    };
    let p = &plans[0];
    let s = p.surfs[0];
    for (exec, why) in [
        (EXEC_ALL, "exec.all"),
        (0, "exec.none"),
        (EXEC_ALT, "exec.alternating"),
        (EXEC_LAST, "exec.last"),
    ] {
        p.case(rc, rng, &s, exec, &at0, None, why);
    }
    let few = 0b11 | EXEC_LAST;
    for p in &plans[1..] {
        let at = At {
            slice: u32::from(p.m.da),
            ..at0
        };
        p.case(rc, rng, &p.surfs[0], few, &at, None, "form");
    }
    if p.inst.row.name == "IMAGE_GET_RESINFO" {
        // The level: mip ids 0, 1, 3 and 15 over a T# with levels 1..4 (base 1, last 4,
        // max mip 6) and a 3D one.
        let t = Surf {
            width: 40,
            height: 9,
            depth: 5,
            ty: 10,
            base_level: 1,
            last_level: 4,
            max_mip: 6,
            why: "tsharp.3d_levels",
            ..s
        };
        for mip in [0, 1, 3, 15] {
            let at = At { mip, ..at0 };
            p.case(rc, rng, &t, 1, &at, None, "mip");
            p.case(rc, rng, &s, 1, &at, None, "mip");
        }
        other_surfaces(rc, rng, p, few);
        random(rc, rng, &plans);
        return;
    }
    // Out of range: x at width - 1, width and 0xffff.
    for (x, why) in [
        (s.width - 1, "range.x_last"),
        (s.width, "range.x_past"),
        (0xffff, "range.x_max"),
    ] {
        let f = move |_: usize| x;
        let at = At { x: &f, ..at0 };
        p.case(rc, rng, &s, 1, &at, None, why);
    }
    // 2D: the second row (a place the manual leaves open) and a row past height - 1.
    if let Some(d2) = p.surfs.iter().find(|s| s.ty == 9) {
        for (y, why) in [(1, "range.y_second_row"), (d2.height, "range.y_past")] {
            let at = At { y, ..at0 };
            p.case(rc, rng, d2, 0b11, &at, None, why);
        }
    }
    // The _MIP rows: level 1 of 3 (in range, not row 0 of level 0), a level past the last,
    // and a base level of 1.
    if p.mip {
        let t = Surf {
            last_level: 2,
            max_mip: 2,
            ..s
        };
        for (mip, why) in [(1, "mip.1"), (3, "mip.past_last")] {
            let at = At { mip, ..at0 };
            p.case(rc, rng, &t, 0b11, &at, None, why);
        }
        let b = Surf { base_level: 1, ..t };
        p.case(rc, rng, &b, 0b11, &at0, None, "mip.base_level_1");
    }
    if !matches!(p.kind, Kind::Load) {
        for e in [0u32, 1, 0x7fff_ffff, 0x8000_0000, 0xffff_ffff] {
            p.case(rc, rng, &s, 0b11, &at0, Some(e), "data.edge");
        }
    }
    if matches!(p.kind, Kind::Atomic { .. }) {
        // Two lanes on one texel: applied in lane order, their returns unsettled.
        for q in plans.iter().take(2) {
            let same = |_: usize| 3;
            let at = At { x: &same, ..at0 };
            q.case(rc, rng, &q.surfs[0], 0b11, &at, None, "lanes.same_texel");
        }
    }
    other_surfaces(rc, rng, p, few);
    random(rc, rng, &plans);
}

/// The base form over every other surface of the row (formats, dst_sel, 2D, 3D).
fn other_surfaces(rc: &mut RowCases, rng: &mut Rng, p: &Plan, exec: u64) {
    for s in &p.surfs[1..] {
        let x = |l: usize| l as u32 % s.width;
        let at = At {
            x: &x,
            y: 0,
            slice: 0,
            mip: 0,
        };
        p.case(rc, rng, s, exec, &at, None, "surface");
    }
}

/// Seeded random cases: a form, a surface of it, 1–4 lanes, x in the surface or just past.
fn random(rc: &mut RowCases, rng: &mut Rng, plans: &[Plan]) {
    let mut tries = 0;
    while !rc.full() && tries < 4 * rc.cap {
        tries += 1;
        let p = &plans[(rng.next_u64() % plans.len() as u64) as usize];
        let s = p.surfs[(rng.next_u64() % p.surfs.len() as u64) as usize];
        let exec = few_lanes(rng);
        let xs: Vec<u32> = (0..64)
            .map(|_| (rng.next_u64() % u64::from(s.width + 2)) as u32)
            .collect();
        let x = |l: usize| xs[l];
        let at = At {
            x: &x,
            y: (rng.next_u64() % 2) as u32 * u32::from(s.has_y()),
            slice: u32::from(p.m.da) * (rng.next_u64() % 2) as u32,
            mip: if p.mip {
                (rng.next_u64() % 2) as u32
            } else {
                0
            },
        };
        p.case(rc, rng, &s, exec, &at, None, "random");
    }
}

#[cfg(test)]
mod tests {
    use super::super::{RowCases, CAP};
    use crate::generate::Rng;
    use crate::isa::gcn5::state::check_case;
    use crate::state::Value;
    use gpuref_amd_gcn5::instructions::rows;
    use gpuref_amd_gcn5::Target;

    /// The byte at `addr` of a `mem` object of byte runs.
    fn byte(mem: &std::collections::BTreeMap<String, String>, addr: u64) -> u8 {
        for (start, bytes) in mem {
            let s = u64::from_str_radix(start.trim_start_matches("0x"), 16).unwrap();
            if (s..s + bytes.len() as u64 / 2).contains(&addr) {
                let i = 2 * (addr - s) as usize;
                return u8::from_str_radix(&bytes[i..i + 2], 16).unwrap();
            }
        }
        panic!("no byte at {addr:#x}")
    }

    /// IMAGE_LOAD over a 1D 32_UINT T# with DMASK 0xF, lanes 0, 1 and 63 at x = lane:
    /// each lane's first VGPR is the dword at base + 4 x, little-endian (Vega "Image
    /// Opcodes with No Sampler"; a 32-bit UINT element needs no conversion, and row 0 of
    /// level 0 is the settled place, docs/design/0034). Worked from the case's own initial
    /// bytes, not from the reference; then every case of the row passes the reference.
    #[test]
    fn a_32_uint_load_returns_the_raw_dword_and_every_case_checks() {
        let row = rows()
            .find(|r| r.name == "IMAGE_LOAD" && r.targets.contains(Target::Gfx900))
            .unwrap();
        let mut rc = RowCases::new(Target::Gfx900, row);
        super::cases(&mut rc, &mut Rng::from_name("image test"));
        assert_eq!(rc.cases.len(), CAP, "{:?}", rc.skipped);
        let c = rc
            .cases
            .iter()
            .find(|c| c.why == "tsharp.32_uint; surface")
            .unwrap();
        assert_eq!(c.asm, "image_load v[4:7], v0, s[8:15] dmask:0xf unorm");
        let Some(Value::Map(mem)) = c.initial.get("mem") else {
            panic!("{c:?}")
        };
        let Some(Value::Map(v4)) = c.final_state.get("v4") else {
            panic!("{c:?}")
        };
        for lane in [0u64, 1, 63] {
            let a = 0x1_0000 + 4 * lane;
            let want = u32::from_le_bytes([
                byte(mem, a),
                byte(mem, a + 1),
                byte(mem, a + 2),
                byte(mem, a + 3),
            ]);
            assert_eq!(
                v4.get(&lane.to_string()),
                Some(&format!("{want:#x}")),
                "lane {lane}"
            );
        }
        for c in &rc.cases {
            assert_eq!(check_case(Target::Gfx900, c), Ok(None), "{}", c.why);
        }
    }
}
