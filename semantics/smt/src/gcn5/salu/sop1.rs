//! SOP1 models (Vega manual, "SOP1 Instructions").

use crate::bv::*;
use crate::{Model, ModelFn};

fn one(name: &'static str, spec: &'static str, w: u32) -> Model {
    Model::new(name, spec).input("s0", w)
}

/// D = f(S0) of `dw` bits; SCC = (D != 0).
fn nz1(name: &'static str, spec: &'static str, w: u32, dw: u32, d: String) -> Model {
    let scc = let1("r", &d, &nz("r", dw));
    one(name, spec, w).out("d", dw, d).out("scc", 1, scc)
}

/// D.u = S0.u.
pub fn s_mov_b32() -> Model {
    one("S_MOV_B32", "D.u = S0.u.", 32).out("d", 32, "s0")
}
/// D.u64 = S0.u64.
pub fn s_mov_b64() -> Model {
    one("S_MOV_B64", "D.u64 = S0.u64.", 64).out("d", 64, "s0")
}
fn cmov(name: &'static str, w: u32) -> Model {
    one(name, "if(SCC) then D.u = S0.u; endif.", w)
        .input("scc_in", 1)
        .input("d_in", w)
        .out("d", w, "(ite (= scc_in #b1) s0 d_in)")
}
/// if(SCC) then D.u = S0.u; endif.
pub fn s_cmov_b32() -> Model {
    cmov("S_CMOV_B32", 32)
}
/// if(SCC) then D.u64 = S0.u64; endif.
pub fn s_cmov_b64() -> Model {
    cmov("S_CMOV_B64", 64)
}
/// D = ~S0; SCC = (D != 0).
pub fn s_not_b32() -> Model {
    nz1(
        "S_NOT_B32",
        "D = ~S0; SCC = (D != 0).",
        32,
        32,
        "(bvnot s0)".into(),
    )
}
/// D = ~S0; SCC = (D != 0).
pub fn s_not_b64() -> Model {
    nz1(
        "S_NOT_B64",
        "D = ~S0; SCC = (D != 0).",
        64,
        64,
        "(bvnot s0)".into(),
    )
}

fn wqm(name: &'static str, w: u32) -> Model {
    let quads: Vec<String> = (0..w / 4)
        .rev()
        .map(|q| {
            let b = nz(&ext("s0", 4 * q + 3, 4 * q), 4);
            concat(&[b.clone(), b.clone(), b.clone(), b])
        })
        .collect();
    nz1(name, "for i in 0 ... opcode_size_in_bits - 1 do D[i] = (S0[(i & ~3):(i | 3)] != 0); endfor; SCC = (D != 0).", w, w, concat(&quads))
        .region("partial_quad", "(= ((_ extract 3 0) s0) #b0100)")
}
/// D[i] = (S0[(i & ~3):(i | 3)] != 0); SCC = (D != 0).
pub fn s_wqm_b32() -> Model {
    wqm("S_WQM_B32", 32)
}
/// D[i] = (S0[(i & ~3):(i | 3)] != 0); SCC = (D != 0).
pub fn s_wqm_b64() -> Model {
    wqm("S_WQM_B64", 64)
}

/// D.u[31:0] = S0.u[0:31].
pub fn s_brev_b32() -> Model {
    one("S_BREV_B32", "D.u[31:0] = S0.u[0:31].", 32).out("d", 32, reverse("s0", 32))
}
/// D.u64[63:0] = S0.u64[0:63].
pub fn s_brev_b64() -> Model {
    one("S_BREV_B64", "D.u64[63:0] = S0.u64[0:63].", 64).out("d", 64, reverse("s0", 64))
}

const BCNT0: &str = "D = 0; for i in 0 ... opcode_size_in_bits - 1 do D += (S0[i] == 0 ? 1 : 0) endfor; SCC = (D != 0).";
const BCNT1: &str = "D = 0; for i in 0 ... opcode_size_in_bits - 1 do D += (S0[i] == 1 ? 1 : 0) endfor; SCC = (D != 0).";
/// D += (S0[i] == 0 ? 1 : 0); SCC = (D != 0).
pub fn s_bcnt0_i32_b32() -> Model {
    nz1(
        "S_BCNT0_I32_B32",
        BCNT0,
        32,
        32,
        popcount("(bvnot s0)", 32, 32),
    )
    .region("all_ones", "(= s0 #xffffffff)")
}
/// D += (S0[i] == 0 ? 1 : 0); SCC = (D != 0).
pub fn s_bcnt0_i32_b64() -> Model {
    nz1(
        "S_BCNT0_I32_B64",
        BCNT0,
        64,
        32,
        popcount("(bvnot s0)", 64, 32),
    )
    .region("all_ones", "(= s0 #xffffffffffffffff)")
}
/// D += (S0[i] == 1 ? 1 : 0); SCC = (D != 0).
pub fn s_bcnt1_i32_b32() -> Model {
    nz1("S_BCNT1_I32_B32", BCNT1, 32, 32, popcount("s0", 32, 32))
        .region("zero", "(= s0 #x00000000)")
}
/// D += (S0[i] == 1 ? 1 : 0); SCC = (D != 0).
pub fn s_bcnt1_i32_b64() -> Model {
    nz1("S_BCNT1_I32_B64", BCNT1, 64, 32, popcount("s0", 64, 32)).region(
        "high_half_only",
        "(and (= ((_ extract 31 0) s0) #x00000000) (not (= s0 #x0000000000000000)))",
    )
}

const FF0: &str = "D.i = -1; for i in 0 ... opcode_size_in_bits - 1 do if S0[i] == 0 then D.i = i; break for; endif; endfor.";
const FF1: &str = "D.i = -1; for i in 0 ... opcode_size_in_bits - 1 do if S0[i] == 1 then D.i = i; break for; endif; endfor.";
const FLBIT: &str = "D.i = -1; for i in 0 ... opcode_size_in_bits - 1 do if S0[opcode_size_in_bits - 1 - i] == 1 then D.i = i; break for; endif; endfor.";
const FLBIT_I: &str = "D.i = -1; for i in 1 ... opcode_size_in_bits - 1 do if S0[opcode_size_in_bits - 1 - i] != S0[opcode_size_in_bits - 1] then D.i = i; break for; endif; endfor.";

fn scan(name: &'static str, spec: &'static str, w: u32, d: String, none: u64) -> Model {
    one(name, spec, w)
        .out("d", 32, d)
        .region("none_found", format!("(= s0 {})", lit(none, w)))
        .region(
            "only_top_bit_differs",
            format!("(= s0 {})", lit(none ^ (1 << (w - 1)), w)),
        )
}
/// First zero from the LSB, -1 if none.
pub fn s_ff0_i32_b32() -> Model {
    scan(
        "S_FF0_I32_B32",
        FF0,
        32,
        find_lsb("s0", 32, false),
        0xffff_ffff,
    )
}
/// First zero from the LSB, -1 if none.
pub fn s_ff0_i32_b64() -> Model {
    scan(
        "S_FF0_I32_B64",
        FF0,
        64,
        find_lsb("s0", 64, false),
        u64::MAX,
    )
}
/// First one from the LSB, -1 if none.
pub fn s_ff1_i32_b32() -> Model {
    scan("S_FF1_I32_B32", FF1, 32, find_lsb("s0", 32, true), 0)
}
/// First one from the LSB, -1 if none.
pub fn s_ff1_i32_b64() -> Model {
    scan("S_FF1_I32_B64", FF1, 64, find_lsb("s0", 64, true), 0)
}
/// Zeros before the first one from the MSB, -1 if none.
pub fn s_flbit_i32_b32() -> Model {
    scan("S_FLBIT_I32_B32", FLBIT, 32, find_msb("s0", 32), 0)
}
/// Zeros before the first one from the MSB, -1 if none.
pub fn s_flbit_i32_b64() -> Model {
    scan("S_FLBIT_I32_B64", FLBIT, 64, find_msb("s0", 64), 0)
}
/// Bits equal to the sign bit from the MSB, -1 if all are.
pub fn s_flbit_i32() -> Model {
    scan(
        "S_FLBIT_I32",
        FLBIT_I,
        32,
        find_msb_signed("s0", 32),
        0xffff_ffff,
    )
}
/// Bits equal to the sign bit from the MSB, -1 if all are.
pub fn s_flbit_i32_i64() -> Model {
    scan(
        "S_FLBIT_I32_I64",
        FLBIT_I,
        64,
        find_msb_signed("s0", 64),
        u64::MAX,
    )
}

/// D.i = signext(S0.i[7:0]).
pub fn s_sext_i32_i8() -> Model {
    one("S_SEXT_I32_I8", "D.i = signext(S0.i[7:0]).", 32).out("d", 32, sext_low("s0", 8, 32))
}
/// D.i = signext(S0.i[15:0]).
pub fn s_sext_i32_i16() -> Model {
    one("S_SEXT_I32_I16", "D.i = signext(S0.i[15:0]).", 32).out("d", 32, sext_low("s0", 16, 32))
}

fn bitset(name: &'static str, spec: &'static str, w: u32, set: bool) -> Model {
    let n = if w == 64 { 6 } else { 5 };
    let m = format!("(bvshl {} {})", lit(1, w), low("s0", n, w));
    let d = if set {
        format!("(bvor d_in {m})")
    } else {
        format!("(bvand d_in (bvnot {m}))")
    };
    one(name, spec, 32).input("d_in", w).out("d", w, d).region(
        "s0_high_bits_set",
        format!("(bvuge s0 {})", lit(u64::from(w), 32)),
    )
}
/// D.u[S0.u[4:0]] = 0.
pub fn s_bitset0_b32() -> Model {
    bitset("S_BITSET0_B32", "D.u[S0.u[4:0]] = 0.", 32, false)
}
/// D.u64[S0.u[5:0]] = 0.
pub fn s_bitset0_b64() -> Model {
    bitset("S_BITSET0_B64", "D.u64[S0.u[5:0]] = 0.", 64, false)
}
/// D.u[S0.u[4:0]] = 1.
pub fn s_bitset1_b32() -> Model {
    bitset("S_BITSET1_B32", "D.u[S0.u[4:0]] = 1.", 32, true)
}
/// D.u64[S0.u[5:0]] = 1.
pub fn s_bitset1_b64() -> Model {
    bitset("S_BITSET1_B64", "D.u64[S0.u[5:0]] = 1.", 64, true)
}

/// D.u64 = PC + 4.
pub fn s_getpc_b64() -> Model {
    Model::new("S_GETPC_B64", "D.u64 = PC + 4.")
        .input("pc_in", 64)
        .out("d", 64, format!("(bvadd pc_in {})", lit(4, 64)))
}
/// PC = S0.u64.
pub fn s_setpc_b64() -> Model {
    one("S_SETPC_B64", "PC = S0.u64.", 64).out("pc", 64, "s0")
}
/// D.u64 = PC + 4; PC = S0.u64.
pub fn s_swappc_b64() -> Model {
    one("S_SWAPPC_B64", "D.u64 = PC + 4; PC = S0.u64.", 64)
        .input("pc_in", 64)
        .out("d", 64, format!("(bvadd pc_in {})", lit(4, 64)))
        .out("pc", 64, "s0")
}

/// D.u64 = EXEC; EXEC = f(S0, EXEC); SCC = (EXEC != 0) (`wr`: D.u64 is the new EXEC).
fn saveexec(name: &'static str, spec: &'static str, e: &str, wr: bool) -> Model {
    one(name, spec, 64)
        .input("exec_in", 64)
        .out(
            "d",
            64,
            if wr {
                e.to_string()
            } else {
                "exec_in".to_string()
            },
        )
        .out("exec", 64, e)
        .out("scc", 1, nz(e, 64))
        .region("exec_becomes_zero", format!("(= {e} #x0000000000000000)"))
}

macro_rules! saveexecs {
    ($($f:ident $name:literal $wr:literal $spec:literal $e:literal;)*) => {$(
        #[doc = $spec]
        pub fn $f() -> Model {
            saveexec($name, $spec, $e, $wr)
        }
    )*};
}

saveexecs! {
    s_and_saveexec_b64   "S_AND_SAVEEXEC_B64"   false "D.u64 = EXEC; EXEC = S0.u64 & EXEC; SCC = (EXEC != 0)."    "(bvand s0 exec_in)";
    s_or_saveexec_b64    "S_OR_SAVEEXEC_B64"    false "D.u64 = EXEC; EXEC = S0.u64 | EXEC; SCC = (EXEC != 0)."    "(bvor s0 exec_in)";
    s_xor_saveexec_b64   "S_XOR_SAVEEXEC_B64"   false "D.u64 = EXEC; EXEC = S0.u64 ^ EXEC; SCC = (EXEC != 0)."    "(bvxor s0 exec_in)";
    s_andn2_saveexec_b64 "S_ANDN2_SAVEEXEC_B64" false "D.u64 = EXEC; EXEC = S0.u64 & ~EXEC; SCC = (EXEC != 0)."   "(bvand s0 (bvnot exec_in))";
    s_orn2_saveexec_b64  "S_ORN2_SAVEEXEC_B64"  false "D.u64 = EXEC; EXEC = S0.u64 | ~EXEC; SCC = (EXEC != 0)."   "(bvor s0 (bvnot exec_in))";
    s_nand_saveexec_b64  "S_NAND_SAVEEXEC_B64"  false "D.u64 = EXEC; EXEC = ~(S0.u64 & EXEC); SCC = (EXEC != 0)." "(bvnot (bvand s0 exec_in))";
    s_nor_saveexec_b64   "S_NOR_SAVEEXEC_B64"   false "D.u64 = EXEC; EXEC = ~(S0.u64 | EXEC); SCC = (EXEC != 0)." "(bvnot (bvor s0 exec_in))";
    s_xnor_saveexec_b64  "S_XNOR_SAVEEXEC_B64"  false "D.u64 = EXEC; EXEC = ~(S0.u64 ^ EXEC); SCC = (EXEC != 0)." "(bvnot (bvxor s0 exec_in))";
    s_andn1_saveexec_b64 "S_ANDN1_SAVEEXEC_B64" false "D.u64 = EXEC; EXEC = ~S0.u64 & EXEC; SCC = (EXEC != 0)."   "(bvand (bvnot s0) exec_in)";
    s_orn1_saveexec_b64  "S_ORN1_SAVEEXEC_B64"  false "D.u64 = EXEC; EXEC = ~S0.u64 | EXEC; SCC = (EXEC != 0)."   "(bvor (bvnot s0) exec_in)";
    s_andn1_wrexec_b64   "S_ANDN1_WREXEC_B64"   true  "EXEC = ~S0.u64 & EXEC; D.u64 = EXEC; SCC = (EXEC != 0)."   "(bvand (bvnot s0) exec_in)";
    s_andn2_wrexec_b64   "S_ANDN2_WREXEC_B64"   true  "EXEC = S0.u64 & ~EXEC; D.u64 = EXEC; SCC = (EXEC != 0)."   "(bvand s0 (bvnot exec_in))";
}

fn quadmask(name: &'static str, w: u32) -> Model {
    let mut bits: Vec<String> = (0..w / 4)
        .rev()
        .map(|q| nz(&ext("s0", 4 * q + 3, 4 * q), 4))
        .collect();
    bits.insert(0, lit(0, w - w / 4));
    nz1(name, "D = 0; for i in 0 ... (opcode_size_in_bits / 4) - 1 do D[i] = (S0[i * 4 + 3:i * 4] != 0); endfor; SCC = (D != 0).", w, w, concat(&bits))
}
/// D[i] = (S0[i * 4 + 3:i * 4] != 0); SCC = (D != 0).
pub fn s_quadmask_b32() -> Model {
    quadmask("S_QUADMASK_B32", 32)
}
/// D[i] = (S0[i * 4 + 3:i * 4] != 0); SCC = (D != 0).
pub fn s_quadmask_b64() -> Model {
    quadmask("S_QUADMASK_B64", 64)
}

/// D.i = (S.i < 0 ? -S.i : S.i); SCC = (D.i != 0).
pub fn s_abs_i32() -> Model {
    nz1(
        "S_ABS_I32",
        "D.i = (S.i < 0 ? -S.i : S.i); SCC = (D.i != 0).",
        32,
        32,
        "(ite (bvslt s0 #x00000000) (bvneg s0) s0)".into(),
    )
    .region("most_negative", "(= s0 #x80000000)")
}

/// M0[7:0] = S0.u[7:0].
pub fn s_set_gpr_idx_idx() -> Model {
    one("S_SET_GPR_IDX_IDX", "M0[7:0] = S0.u[7:0].", 32)
        .input("m0_in", 32)
        .out(
            "m0",
            32,
            "(concat ((_ extract 31 8) m0_in) ((_ extract 7 0) s0))",
        )
}

/// D.u64[i * 2 + 0] = S0.u32[i]; D.u64[i * 2 + 1] = S0.u32[i].
pub fn s_bitreplicate_b64_b32() -> Model {
    let bits: Vec<String> = (0..32)
        .rev()
        .map(|i| ext("s0", i, i))
        .flat_map(|b| [b.clone(), b])
        .collect();
    one(
        "S_BITREPLICATE_B64_B32",
        "for i in 0 ... 31 do D.u64[i * 2 + 0] = S0.u32[i] D.u64[i * 2 + 1] = S0.u32[i] endfor.",
        32,
    )
    .out("d", 64, concat(&bits))
}

/// The SOP1 models.
#[rustfmt::skip]
pub const MODELS: &[(&str, ModelFn)] = &[
    ("S_MOV_B32", s_mov_b32), ("S_MOV_B64", s_mov_b64), ("S_CMOV_B32", s_cmov_b32),
    ("S_CMOV_B64", s_cmov_b64), ("S_NOT_B32", s_not_b32), ("S_NOT_B64", s_not_b64),
    ("S_WQM_B32", s_wqm_b32), ("S_WQM_B64", s_wqm_b64), ("S_BREV_B32", s_brev_b32),
    ("S_BREV_B64", s_brev_b64), ("S_BCNT0_I32_B32", s_bcnt0_i32_b32),
    ("S_BCNT0_I32_B64", s_bcnt0_i32_b64), ("S_BCNT1_I32_B32", s_bcnt1_i32_b32),
    ("S_BCNT1_I32_B64", s_bcnt1_i32_b64), ("S_FF0_I32_B32", s_ff0_i32_b32),
    ("S_FF0_I32_B64", s_ff0_i32_b64), ("S_FF1_I32_B32", s_ff1_i32_b32),
    ("S_FF1_I32_B64", s_ff1_i32_b64), ("S_FLBIT_I32_B32", s_flbit_i32_b32),
    ("S_FLBIT_I32_B64", s_flbit_i32_b64), ("S_FLBIT_I32", s_flbit_i32),
    ("S_FLBIT_I32_I64", s_flbit_i32_i64), ("S_SEXT_I32_I8", s_sext_i32_i8),
    ("S_SEXT_I32_I16", s_sext_i32_i16), ("S_BITSET0_B32", s_bitset0_b32),
    ("S_BITSET0_B64", s_bitset0_b64), ("S_BITSET1_B32", s_bitset1_b32),
    ("S_BITSET1_B64", s_bitset1_b64), ("S_GETPC_B64", s_getpc_b64),
    ("S_SETPC_B64", s_setpc_b64), ("S_SWAPPC_B64", s_swappc_b64),
    ("S_AND_SAVEEXEC_B64", s_and_saveexec_b64), ("S_OR_SAVEEXEC_B64", s_or_saveexec_b64),
    ("S_XOR_SAVEEXEC_B64", s_xor_saveexec_b64), ("S_ANDN2_SAVEEXEC_B64", s_andn2_saveexec_b64),
    ("S_ORN2_SAVEEXEC_B64", s_orn2_saveexec_b64), ("S_NAND_SAVEEXEC_B64", s_nand_saveexec_b64),
    ("S_NOR_SAVEEXEC_B64", s_nor_saveexec_b64), ("S_XNOR_SAVEEXEC_B64", s_xnor_saveexec_b64),
    ("S_QUADMASK_B32", s_quadmask_b32), ("S_QUADMASK_B64", s_quadmask_b64),
    ("S_ABS_I32", s_abs_i32), ("S_SET_GPR_IDX_IDX", s_set_gpr_idx_idx),
    ("S_ANDN1_SAVEEXEC_B64", s_andn1_saveexec_b64), ("S_ORN1_SAVEEXEC_B64", s_orn1_saveexec_b64),
    ("S_ANDN1_WREXEC_B64", s_andn1_wrexec_b64), ("S_ANDN2_WREXEC_B64", s_andn2_wrexec_b64),
    ("S_BITREPLICATE_B64_B32", s_bitreplicate_b64_b32),
];
