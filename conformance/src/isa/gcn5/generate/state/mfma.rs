//! MFMA cases (MI100 only; docs/design/0036-gcn5-mfma.md, "Value vectors"): whole-wave
//! matrix products, so a case's initial state is every lane of A, B and C plus EXEC, and
//! its final state every written AccVGPR lane, float lanes with their acceptance sets
//! (ranges of rule gcn5.mfma.float_sum, `nan:f32`, any value).
//!
//! Registers: D in a0.., C in a64.. (a0.. for the in-place form), A in v0.. (a128.. for the
//! AccVGPR form), B in v4... Edge cases first, each operand alike in every lane (so a
//! register of the final state is one string): zeros, ones, C alone, negative zeros, exact
//! cancellation, NaN in A and in C, an infinity, infinity times zero, infinities of both
//! signs, overflow, denormal A and C and infinity times a denormal under MODE allow (0xf0)
//! and flush (0x0), rounding up; for I8
//! rows the largest products, C at the I32 limits with and without overflow. Then EXEC
//! none, alternating and lane 63 (every lane any value, rule gcn5.mfma.exec), then lane-
//! varying waves: a CBSZ/ABID broadcast, every BLGP pattern, A from AccVGPRs with C = D in
//! place, then random A/B/C with random CBSZ/ABID/BLGP and MODE. A lane-varying
//! case of a 32 x 32 row is ~100 KB (32 AccVGPRs x 64 lanes x a range), so each row stops
//! adding cases once its cases pass [`BYTES_PER_CASE`] x cap bytes (the state budget,
//! docs/design/0035): the rows with 4 output registers keep 5-12 lane-varying cases, the
//! 32 x 32 rows 1-3.

use super::{settle, Init, RowCases, EXEC_ALL, EXEC_ALT, EXEC_LAST};
use crate::generate::Rng;
use gpuref_amd_gcn5::alu::vpacked::{shape, Shape};
use gpuref_amd_gcn5::formats::mai::{Mai, Mfma, MfmaSrc};
use gpuref_amd_gcn5::formats::Fields;

/// Bytes of cases per row and unit of the cap: at the committed cap of 100, 75 KiB per row
/// (a row passes it by its last case), ~1.8 MiB for the 20 rows (the state budget,
/// docs/design/0039); a larger `--state-cap` lets every row grow.
pub const BYTES_PER_CASE: usize = 768;

/// The A/B element format of a row, from its mnemonic (`..F32`, `..F16`, `..BF16`, `..I8`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ty {
    F32,
    F16,
    Bf16,
    I8,
}

impl Ty {
    fn of(name: &str) -> Ty {
        if name.ends_with("BF16") {
            Ty::Bf16
        } else if name.ends_with("F16") {
            Ty::F16
        } else if name.ends_with("I8") {
            Ty::I8
        } else {
            Ty::F32
        }
    }
    fn width(self) -> usize {
        match self {
            Ty::F32 => 32,
            Ty::F16 | Ty::Bf16 => 16,
            Ty::I8 => 8,
        }
    }
    /// Named element values: 1.0, -1.0, 2.0, +inf, -inf, a quiet NaN, the smallest
    /// subnormal, the largest finite.
    fn one(self) -> u32 {
        [0x3f80_0000, 0x3c00, 0x3f80, 1][self as usize]
    }
    fn neg(self, x: u32) -> u32 {
        x ^ 1 << (self.width() - 1)
    }
    fn two(self) -> u32 {
        [0x4000_0000, 0x4000, 0x4000, 2][self as usize]
    }
    fn inf(self) -> u32 {
        [0x7f80_0000, 0x7c00, 0x7f80, 0][self as usize]
    }
    fn nan(self) -> u32 {
        [0x7fc0_0000, 0x7e00, 0x7fc0, 0][self as usize]
    }
    fn min_sub(self) -> u32 {
        1
    }
    fn max(self) -> u32 {
        [0x7f7f_ffff, 0x7bff, 0x7f7f, 0x7f][self as usize]
    }
    /// A random element: an edge value a quarter of the time, else random bits.
    fn random(self, rng: &mut Rng) -> u32 {
        let r = rng.next_u64();
        let edges = [
            0,
            self.one(),
            self.neg(self.one()),
            self.two(),
            self.min_sub(),
            self.max(),
            self.neg(0),
        ];
        if r % 8 < 2 {
            edges[(r >> 8) as usize % edges.len()]
        } else {
            (rng.next_u64() as u32) & (u32::MAX >> (32 - self.width()))
        }
    }
    /// A dword of `32 / width` elements `e(0)`, `e(1)`, ... from bit 0 up.
    fn pack(self, mut e: impl FnMut(usize) -> u32) -> u32 {
        let w = self.width();
        (0..32 / w).fold(0u32, |d, i| d | (e(i) & (u32::MAX >> (32 - w))) << (i * w))
    }
}

/// One case's operands and modifiers.
#[derive(Clone, Copy)]
struct Form {
    a_acc: bool,
    in_place: bool,
    cbsz: u8,
    abid: u8,
    blgp: u8,
}

const PLAIN: Form = Form {
    a_acc: false,
    in_place: false,
    cbsz: 0,
    abid: 0,
    blgp: 0,
};

/// The registers of A/B and of C/D.
fn regs(sh: &Shape, ty: Ty) -> (usize, usize) {
    let inr = (sh.k * sh.m * sh.blocks * ty.width()).div_ceil(32 * 64);
    (inr, sh.m * sh.n * sh.blocks / 64)
}

struct Gen {
    sh: Shape,
    ty: Ty,
    budget: usize,
    bytes: usize,
}

impl Gen {
    fn full(&self, rc: &RowCases) -> bool {
        rc.full() || self.bytes >= self.budget
    }

    /// A case: A, B and C dwords by (register, lane), under `mode` (None: the default) and
    /// `exec`.
    #[allow(clippy::too_many_arguments)]
    fn case(
        &mut self,
        rc: &mut RowCases,
        f: Form,
        mode: Option<u32>,
        exec: u64,
        a: &mut dyn FnMut(usize, usize) -> u32,
        b: &mut dyn FnMut(usize, usize) -> u32,
        c: &mut dyn FnMut(usize, usize) -> u32,
        why: &str,
    ) {
        if self.full(rc) {
            return;
        }
        let (inr, outr) = regs(&self.sh, self.ty);
        let c_first = if f.in_place { 0 } else { 64 };
        let fields = Fields::Mai(Mai::Mfma(Mfma {
            vdst: 0,
            a: if f.a_acc {
                MfmaSrc::Acc(128)
            } else {
                MfmaSrc::Vgpr(0)
            },
            b: MfmaSrc::Vgpr(4),
            c: c_first as u8,
            cbsz: f.cbsz,
            abid: f.abid,
            blgp: f.blgp,
        }));
        let inst = match settle(rc.target, &super::inst(rc.row, fields)) {
            Ok(i) => i,
            Err(e) => {
                rc.skipped.push(e);
                return;
            }
        };
        let mut init = Init::new();
        init.mode = mode;
        init.set("exec", exec);
        // MFMA reads every lane of its sources, whatever EXEC holds (note 0036).
        for r in 0..inr {
            let name = if f.a_acc {
                format!("a{}", 128 + r)
            } else {
                format!("v{r}")
            };
            init.reg_lanes(&name, u64::MAX, |l| a(r, l));
            init.reg_lanes(&format!("v{}", 4 + r), u64::MAX, |l| b(r, l));
        }
        for r in 0..outr {
            init.reg_lanes(&format!("a{}", c_first + r), u64::MAX, |l| c(r, l));
        }
        let before = rc.cases.len();
        rc.push(&inst, &init, why);
        if let Some(case) = rc.cases.get_mut(before) {
            // The rules every case pins, before those of its unsettled lanes.
            let mut rules = vec!["gcn5.mfma.layout"];
            if self.ty == Ty::I8 {
                rules.push("gcn5.mfma.i8");
            }
            if f.cbsz != 0 || f.abid != 0 {
                rules.push("gcn5.mfma.cbsz_abid");
            }
            if f.blgp != 0 {
                rules.push("gcn5.mfma.blgp");
            }
            if f.in_place {
                rules.push("gcn5.mfma.reads_first");
            }
            rules.push("gcn5.mfma.no_exceptions");
            for r in rules.into_iter().rev() {
                if !case.rules.iter().any(|x| x == r) {
                    case.rules.insert(0, r.to_string());
                }
            }
            self.bytes += serde_json::to_string(case).map_or(0, |s| s.len());
        }
    }

    /// A case whose A, B and C elements are alike in every lane and register.
    fn uniform(
        &mut self,
        rc: &mut RowCases,
        mode: Option<u32>,
        ea: u32,
        eb: u32,
        c: u32,
        why: &str,
    ) {
        let ty = self.ty;
        let (a, b) = (ty.pack(|_| ea), ty.pack(|_| eb));
        self.case(
            rc,
            PLAIN,
            mode,
            EXEC_ALL,
            &mut |_, _| a,
            &mut |_, _| b,
            &mut |_, _| c,
            why,
        );
    }

    /// A case of random elements in every lane.
    fn random(&mut self, rc: &mut RowCases, rng: &mut Rng, f: Form, mode: Option<u32>, why: &str) {
        let ty = self.ty;
        let mut a = |_: usize, _: usize| ty.pack(|_| ty.random(rng));
        let va: Vec<Vec<u32>> = (0..2).map(|r| (0..64).map(|l| a(r, l)).collect()).collect();
        let vb: Vec<Vec<u32>> = (0..2)
            .map(|_| (0..64).map(|_| ty.pack(|_| ty.random(rng))).collect())
            .collect();
        let vc: Vec<Vec<u32>> = (0..32)
            .map(|_| {
                (0..64)
                    .map(|_| {
                        if ty == Ty::I8 {
                            rng.next_u64() as u32 >> (rng.next_u64() % 32)
                        } else {
                            Ty::F32.random(rng)
                        }
                    })
                    .collect()
            })
            .collect();
        self.case(
            rc,
            f,
            mode,
            EXEC_ALL,
            &mut |r, l| va[r][l],
            &mut |r, l| vb[r][l],
            &mut |r, l| vc[r][l],
            why,
        );
    }
}

/// Small distinct values per lane (1.0 .. 8.0 for floats, 1 .. 8 for I8): each block
/// and lane group gives its own products, so a broadcast or lane pattern shows.
fn lane_value(ty: Ty, lane: usize) -> u32 {
    let n = (lane % 8 + 1) as u32;
    match ty {
        Ty::I8 => n,
        // n as binary32/16/bf16: exponent of the top bit, the rest in the fraction.
        _ => {
            let e = 31 - n.leading_zeros();
            let (bias, frac) = match ty {
                Ty::F32 => (127, 23),
                Ty::F16 => (15, 10),
                _ => (127, 7),
            };
            ((bias + e) << frac) | ((n & !(1 << e)) << (frac - e))
        }
    }
}

pub fn cases(rc: &mut RowCases, rng: &mut Rng) {
    let Some(sh) = shape(rc.row.name) else {
        return;
    };
    let ty = Ty::of(rc.row.name);
    let mut g = Gen {
        sh,
        ty,
        budget: BYTES_PER_CASE * rc.cap,
        bytes: 0,
    };
    let k = sh.k as u32;
    let (one, two) = (ty.one(), ty.two());
    // Edge cases, every lane alike.
    if ty == Ty::I8 {
        g.uniform(rc, None, 0, 0, 0, "value.zeros");
        g.uniform(rc, None, 1, 1, 0, "value.ones");
        g.uniform(rc, None, 0, 0, 0x1234_5678, "value.c_only");
        g.uniform(rc, None, 0x80, 0x80, 0, "value.largest_products");
        g.uniform(rc, None, 0x80, 0x7f, 0, "value.negative_products");
        g.uniform(rc, None, 0xff, 1, k, "value.cancel");
        g.uniform(rc, None, 0, 0, 0x7fff_ffff, "overflow.c_at_max_no_products");
        g.uniform(rc, None, 1, 1, 0x7fff_ffff, "overflow.c_max_plus_products");
        g.uniform(
            rc,
            None,
            0xff,
            1,
            0x8000_0000,
            "overflow.c_min_minus_products",
        );
        g.uniform(rc, None, 0x80, 0x80, 0x7fff_0000, "overflow.near_max");
        // -128 x 127 = -16256 = -0x3f80 per product: the sum is -2^31 exactly.
        g.uniform(
            rc,
            None,
            0x80,
            0x7f,
            0x8000_0000 + 0x3f80 * k,
            "overflow.at_min_exactly",
        );
    } else {
        let c_two = 0x4000_0000;
        g.uniform(rc, None, 0, 0, 0, "value.zeros");
        g.uniform(rc, None, one, one, 0, "value.ones");
        g.uniform(rc, None, 0, 0, c_two, "value.c_only");
        g.uniform(rc, None, ty.neg(0), 0, 0x8000_0000, "value.negative_zeros");
        // K products of 1.0 and C = -K: an exact zero.
        let minus_k = 0x8000_0000 | f32_of(k);
        g.uniform(rc, None, one, one, minus_k, "value.cancel");
        g.uniform(rc, None, one, two, 0x3380_0000, "value.rounds");
        g.uniform(rc, None, ty.nan(), one, 0, "nan.a");
        g.uniform(rc, None, one, one, 0x7fc0_0000, "nan.c");
        g.uniform(rc, None, ty.inf(), one, 0, "inf.a");
        g.uniform(rc, None, ty.inf(), 0, 0, "inf.times_zero");
        g.uniform(rc, None, ty.inf(), one, 0xff80_0000, "inf.both_signs");
        g.uniform(rc, None, ty.max(), ty.max(), 0, "overflow.products");
        for (mode, m) in [(0xf0, "keep"), (0x0, "flush")] {
            g.uniform(
                rc,
                Some(mode),
                ty.min_sub(),
                one,
                0,
                &format!("denorm.a_{m}"),
            );
            g.uniform(rc, Some(mode), 0, 0, 1, &format!("denorm.c_{m}"));
            g.uniform(
                rc,
                Some(mode),
                ty.inf(),
                ty.min_sub(),
                0,
                &format!("denorm.inf_times_subnormal_{m}"),
            );
        }
        g.uniform(rc, Some(0x0f5), one, one, 0x3380_0000, "mode.round_up");
    }
    // EXEC patterns (rule gcn5.mfma.exec: every D lane any value unless EXEC is all ones).
    for (exec, why) in [
        (0, "exec.none"),
        (EXEC_ALT, "exec.alternate"),
        (EXEC_LAST, "exec.lane_63"),
    ] {
        let (a, b) = (ty.pack(|_| one), ty.pack(|_| one));
        g.case(
            rc,
            PLAIN,
            None,
            exec,
            &mut |_, _| a,
            &mut |_, _| b,
            &mut |_, _| 0,
            why,
        );
    }
    // Lane-varying waves.
    if sh.blocks > 1 {
        let cbsz = sh.blocks.trailing_zeros().min(2) as u8;
        let f = Form {
            cbsz,
            abid: 1,
            ..PLAIN
        };
        lanes_case(&mut g, rc, f, &format!("broadcast.cbsz_{cbsz}_abid_1"));
    }
    for blgp in 1..8 {
        lanes_case(&mut g, rc, Form { blgp, ..PLAIN }, &format!("blgp.{blgp}"));
    }
    let f = Form {
        a_acc: true,
        in_place: true,
        ..PLAIN
    };
    lanes_case(&mut g, rc, f, "operand.a_from_accvgprs_c_is_d");
    let modes = [None, Some(0x0), Some(0xf5), Some(0xfa), Some(0xff)];
    for _ in 0..4 * rc.cap {
        if g.full(rc) {
            break;
        }
        let mode = modes[(rng.next_u64() % modes.len() as u64) as usize];
        let f = random_form(rng, &sh);
        g.random(rc, rng, f, mode, "random");
    }
}

/// Binary32 bits of a small integer.
fn f32_of(n: u32) -> u32 {
    if n == 0 {
        return 0;
    }
    let e = 31 - n.leading_zeros();
    ((127 + e) << 23) | ((n & !(1 << e)) << (23 - e))
}

/// Random modifiers in the documented range.
fn random_form(rng: &mut Rng, sh: &Shape) -> Form {
    let cbsz = (rng.next_u64() % (u64::from(sh.blocks.trailing_zeros()) + 1)) as u8;
    Form {
        a_acc: rng.next_u64().is_multiple_of(4),
        in_place: rng.next_u64().is_multiple_of(4),
        cbsz,
        abid: (rng.next_u64() % (1 << cbsz)) as u8,
        blgp: (rng.next_u64() % 8) as u8,
    }
}

/// A case whose A and B elements depend on the lane (and B on the element index), C = 0.
fn lanes_case(g: &mut Gen, rc: &mut RowCases, f: Form, why: &str) {
    let ty = g.ty;
    g.case(
        rc,
        f,
        None,
        EXEC_ALL,
        &mut |_, l| ty.pack(|_| lane_value(ty, l / 4)),
        &mut |r, l| ty.pack(|e| lane_value(ty, l + e + r)),
        &mut |_, _| 0,
        why,
    );
}

#[cfg(test)]
mod tests {
    use super::super::RowCases;
    use crate::generate::Rng;
    use crate::isa::gcn5::state::check_case;
    use crate::state::Value;
    use gpuref_amd_gcn5::instructions::rows;
    use gpuref_amd_gcn5::Target;

    fn row_cases(name: &str) -> RowCases {
        let row = rows()
            .find(|r| r.name == name && r.targets.contains(Target::Gfx908))
            .unwrap();
        let mut rc = RowCases::new(Target::Gfx908, row);
        super::cases(&mut rc, &mut Rng::from_name("mfma test"));
        rc
    }

    fn reg<'a>(c: &'a crate::state::Case, r: &str) -> &'a str {
        match c.final_state.get(r) {
            Some(Value::Scalar(s)) => s,
            other => panic!("{}: {r} = {other:?}", c.why),
        }
    }

    /// Worked by hand (MI100 "Matrix Arithmetic Instructions": D = A x B + C; note 0036's
    /// bound): V_MFMA_F32_4X4X1F32 with A = B = 1.0 and C = 0 gives 1.0 in every lane of
    /// a0..a3, accepted within 1 -+ E, E = 2(2^-23 + 2^-40) + 2 x 2^-124: below 1.0 the
    /// binary32 spacing is 2^-24, so RD(1 - 2^-22 - ...) = 0x3f7ffffb; above it 2^-23, so
    /// RU(1 + 2^-22 + ...) = 0x3f800003. A NaN A gives any NaN; EXEC alternating, any
    /// value. V_MFMA_I32_4X4X4I8 with every byte -128: 4 x 16384 = 0x10000 exactly; with
    /// A = B = 1 and C = 0x7fffffff the partial sums overflow: any value. Then every case
    /// of both rows passes the reference.
    #[test]
    fn hand_worked_cases_and_every_case_checks() {
        let f = row_cases("V_MFMA_F32_4X4X1F32");
        let find = |rc: &RowCases, why: &str| {
            rc.cases
                .iter()
                .find(|c| c.why == why)
                .unwrap_or_else(|| panic!("no {why}"))
                .clone()
        };
        let ones = find(&f, "value.ones");
        assert_eq!(ones.asm, "v_mfma_f32_4x4x1f32 a[0:3], v0, v4, a[64:67]");
        for r in ["a0", "a1", "a2", "a3"] {
            assert_eq!(reg(&ones, r), "0x3f7ffffb~0x3f800003:f32");
        }
        assert_eq!(reg(&find(&f, "nan.a"), "a2"), "nan:f32");
        assert_eq!(reg(&find(&f, "exec.alternate"), "a3"), "0x0/0x0");
        assert!(find(&f, "blgp.3")
            .rules
            .contains(&"gcn5.mfma.blgp".to_string()));
        let i = row_cases("V_MFMA_I32_4X4X4I8");
        assert_eq!(reg(&find(&i, "value.largest_products"), "a1"), "0x10000");
        let o = find(&i, "overflow.c_max_plus_products");
        assert_eq!(reg(&o, "a0"), "0x0/0x0");
        assert!(o.rules.contains(&"gcn5.mfma.i8_overflow".to_string()));
        for rc in [&f, &i] {
            assert!(rc.cases.len() >= 20, "{}: {:?}", rc.row.name, rc.skipped);
            for c in &rc.cases {
                assert_eq!(check_case(Target::Gfx908, c), Ok(None), "{}", c.why);
            }
        }
    }
}
