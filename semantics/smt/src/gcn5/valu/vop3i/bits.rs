//! VOP3-only bit, field, shift and min/max models, per lane (Vega manual, "VOP3A & VOP3B
//! Instructions"; V_XNOR_B32 from the MI100 manual): the rows whose kernels are in
//! gpuref-amd-gcn5's `alu/valu/vop3i/bits.rs`.

use super::{three, two};
use crate::bv::*;
use crate::coverage::IntFamily;
use crate::gcn5::salu::sop2::bfm;
use crate::{Model, ModelFn};

fn bfe(name: &'static str, spec: &'static str, sh: &str) -> Model {
    let d = format!(
        "(bvand ({sh} s0 {}) (bvsub (bvshl #x00000001 {}) #x00000001))",
        low("s1", 5, 32),
        low("s2", 5, 32)
    );
    three(name, spec, 32)
        .out("d", 32, d)
        .region(
            "offset_plus_width_past_top",
            format!(
                "(bvugt (bvadd {} {}) #x00000020)",
                low("s1", 5, 32),
                low("s2", 5, 32)
            ),
        )
        .region("width_zero", "(= ((_ extract 4 0) s2) #b00000)")
        .region("high_bits_of_offset_set", "(bvuge s1 #x00000020)")
}
/// D.u = (S0.u >> S1.u[4:0]) & ((1 << S2.u[4:0]) - 1).
pub fn v_bfe_u32() -> Model {
    bfe(
        "V_BFE_U32",
        "D.u = (S0.u >> S1.u[4:0]) & ((1 << S2.u[4:0]) - 1).",
        "bvlshr",
    )
    .int_family(IntFamily::Bfe {
        offset: "((_ extract 4 0) s1)",
        offset_bits: 5,
        width: "((_ extract 4 0) s2)",
        width_bits: 5,
        top: 32,
    })
}
/// D.i = (S0.i >> S1.u[4:0]) & ((1 << S2.u[4:0]) - 1), read as printed: the field is not
/// sign-extended (rule gcn5.v_bfe_i32.sign is contested; note 0027).
pub fn v_bfe_i32() -> Model {
    bfe(
        "V_BFE_I32",
        "D.i = (S0.i >> S1.u[4:0]) & ((1 << S2.u[4:0]) - 1).",
        "bvashr",
    )
    .int_family(IntFamily::Bfe {
        offset: "((_ extract 4 0) s1)",
        offset_bits: 5,
        width: "((_ extract 4 0) s2)",
        width_bits: 5,
        top: 32,
    })
}

/// D.u = (S0.u & S1.u) | (~S0.u & S2.u).
pub fn v_bfi_b32() -> Model {
    three("V_BFI_B32", "D.u = (S0.u & S1.u) | (~S0.u & S2.u).", 32).out(
        "d",
        32,
        "(bvor (bvand s0 s1) (bvand (bvnot s0) s2))",
    )
}

/// D.u = ((S0.u[31:24] + S1.u[31:24] + S2.u[24]) >> 1) << 24 ... (per byte).
pub fn v_lerp_u8() -> Model {
    let bytes: Vec<String> = (0..4)
        .rev()
        .map(|b| {
            let (h, l) = (8 * b + 7, 8 * b);
            let sum = format!(
                "(bvadd {} {} {})",
                zext(&ext("s0", h, l), 1),
                zext(&ext("s1", h, l), 1),
                zext(&ext("s2", l, l), 8)
            );
            ext(&sum, 8, 1)
        })
        .collect();
    three("V_LERP_U8", "D.u = ((S0.u[31:24] + S1.u[31:24] + S2.u[24]) >> 1) << 24 ... + ((S0.u[7:0] + S1.u[7:0] + S2.u[0]) >> 1).", 32)
        .out("d", 32, concat(&bytes))
        .region("bytes_overflow_with_round", "(and (= ((_ extract 7 0) s0) #xff) (= ((_ extract 7 0) s1) #xff) (= ((_ extract 0 0) s2) #b1))")
}

/// D.u = ({S0,S1} >> S2.u[4:0]) & 0xffffffff.
pub fn v_alignbit_b32() -> Model {
    three(
        "V_ALIGNBIT_B32",
        "D.u = ({S0,S1} >> S2.u[4:0]) & 0xffffffff.",
        32,
    )
    .out(
        "d",
        32,
        ext(
            &format!("(bvlshr (concat s0 s1) {})", low("s2", 5, 64)),
            31,
            0,
        ),
    )
    .region("high_bits_of_shift_set", "(bvuge s2 #x00000020)")
}
/// D.u = ({S0,S1} >> (8*S2.u[4:0])) & 0xffffffff, read as printed: a shift of 64 bits
/// or more gives 0 (rule gcn5.v_alignbyte_b32.select is contested; note 0027).
pub fn v_alignbyte_b32() -> Model {
    let sh = format!("(bvmul {} {})", low("s2", 5, 64), lit(8, 64));
    three(
        "V_ALIGNBYTE_B32",
        "D.u = ({S0,S1} >> (8*S2.u[4:0])) & 0xffffffff.",
        32,
    )
    .out(
        "d",
        32,
        ext(&format!("(bvlshr (concat s0 s1) {sh})"), 31, 0),
    )
    .region("select_past_7", "(bvuge ((_ extract 4 0) s2) #b01000)")
}

fn min3(name: &'static str, spec: &'static str, w: u32, signed: bool, is_min: bool) -> Model {
    let f = if is_min { min } else { max };
    three(name, spec, w)
        .out("d", w, f(&f("s0", "s1", signed), "s2", signed))
        .region("all_equal", "(and (= s0 s1) (= s1 s2))")
}
fn med3(name: &'static str, spec: &'static str, w: u32, signed: bool) -> Model {
    let m = max(&max("s0", "s1", signed), "s2", signed);
    let d = let1(
        "m",
        &m,
        &ite(
            "(= m s0)",
            &max("s1", "s2", signed),
            &ite(
                "(= m s1)",
                &max("s0", "s2", signed),
                &max("s0", "s1", signed),
            ),
        ),
    );
    three(name, spec, w)
        .out("d", w, d)
        .region("two_equal_maxima", "(and (= s0 s1) (not (= s1 s2)))")
}

macro_rules! m3 {
    ($($f:ident $name:literal $w:literal $signed:literal $kind:literal $spec:literal;)*) => {$(
        #[doc = $spec]
        pub fn $f() -> Model {
            match $kind {
                "min" => min3($name, $spec, $w, $signed, true),
                "max" => min3($name, $spec, $w, $signed, false),
                _ => med3($name, $spec, $w, $signed),
            }
        }
    )*};
}

m3! {
    v_min3_i32 "V_MIN3_I32" 32 true  "min" "D.i = V_MIN_I32(V_MIN_I32(S0.i, S1.i), S2.i).";
    v_min3_u32 "V_MIN3_U32" 32 false "min" "D.u = V_MIN_U32(V_MIN_U32(S0.u, S1.u), S2.u).";
    v_max3_i32 "V_MAX3_I32" 32 true  "max" "D.i = V_MAX_I32(V_MAX_I32(S0.i, S1.i), S2.i).";
    v_max3_u32 "V_MAX3_U32" 32 false "max" "D.u = V_MAX_U32(V_MAX_U32(S0.u, S1.u), S2.u).";
    v_med3_i32 "V_MED3_I32" 32 true  "med" "if (V_MAX3_I32(S0.i, S1.i, S2.i) == S0.i) D.i = V_MAX_I32(S1.i, S2.i); else if (... == S1.i) D.i = V_MAX_I32(S0.i, S2.i); else D.i = V_MAX_I32(S0.i, S1.i); endif.";
    v_med3_u32 "V_MED3_U32" 32 false "med" "if (V_MAX3_U32(S0.u, S1.u, S2.u) == S0.u) D.u = V_MAX_U32(S1.u, S2.u); else if (... == S1.u) D.u = V_MAX_U32(S0.u, S2.u); else D.u = V_MAX_U32(S0.u, S1.u); endif.";
    v_min3_i16 "V_MIN3_I16" 16 true  "min" "D.i16 = V_MIN_I16(V_MIN_I16(S0.i16, S1.i16), S2.i16).";
    v_min3_u16 "V_MIN3_U16" 16 false "min" "D.u16 = V_MIN_U16(V_MIN_U16(S0.u16, S1.u16), S2.u16).";
    v_max3_i16 "V_MAX3_I16" 16 true  "max" "D.i16 = V_MAX_I16(V_MAX_I16(S0.i16, S1.i16), S2.i16).";
    v_max3_u16 "V_MAX3_U16" 16 false "max" "D.u16 = V_MAX_U16(V_MAX_U16(S0.u16, S1.u16), S2.u16).";
    v_med3_i16 "V_MED3_I16" 16 true  "med" "if (V_MAX3_I16(S0.i16, S1.i16, S2.i16) == S0.i16) D.i16 = V_MAX_I16(S1.i16, S2.i16); else if (... == S1.i16) D.i16 = V_MAX_I16(S0.i16, S2.i16); else D.i16 = V_MAX_I16(S0.i16, S1.i16); endif.";
    v_med3_u16 "V_MED3_U16" 16 false "med" "if (V_MAX3_U16(S0.u16, S1.u16, S2.u16) == S0.u16) D.u16 = V_MAX_U16(S1.u16, S2.u16); else if (... == S1.u16) D.u16 = V_MAX_U16(S0.u16, S2.u16); else D.u16 = V_MAX_U16(S0.u16, S1.u16); endif.";
}

simple3! {
    v_lshl_or_b32 "V_LSHL_OR_B32" 32 "D.u = (S0.u << S1.u[4:0]) | S2.u." format!("(bvor (bvshl s0 {}) s2)", low("s1", 5, 32));
    v_and_or_b32 "V_AND_OR_B32" 32 "D.u = (S0.u & S1.u) | S2.u." "(bvor (bvand s0 s1) s2)".to_string();
    v_or3_b32 "V_OR3_B32" 32 "D.u = S0.u | S1.u | S2.u." "(bvor s0 s1 s2)".to_string();
}

/// byte_permute({S0.u, S1.u}, sel) for the selector byte `sel` (8 bits).
fn byte_permute(sel: &str) -> String {
    let input = "(concat s0 s1)";
    let byte = |i: u32| ext(input, 8 * i + 7, 8 * i);
    let sign = |i: u32| {
        format!(
            "(ite (= {} #b1) #xff #x00)",
            ext(input, 8 * i + 7, 8 * i + 7)
        )
    };
    let mut acc = byte(0);
    for i in 1..8u64 {
        acc = ite(&format!("(= {sel} {})", lit(i, 8)), &byte(i as u32), &acc);
    }
    for (k, src) in [(8u64, 1u32), (9, 3), (10, 5), (11, 7)] {
        acc = ite(&format!("(= {sel} {})", lit(k, 8)), &sign(src), &acc);
    }
    acc = ite(&format!("(= {sel} #x0c)"), "#x00", &acc);
    ite(&format!("(bvuge {sel} #x0d)"), "#xff", &acc)
}

/// D.u[31:24] = byte_permute({S0.u, S1.u}, S2.u[31:24]); ... D.u[7:0] = byte_permute({S0.u, S1.u}, S2.u[7:0]).
pub fn v_perm_b32() -> Model {
    let bytes: Vec<String> = (0..4)
        .rev()
        .map(|b| byte_permute(&ext("s2", 8 * b + 7, 8 * b)))
        .collect();
    three("V_PERM_B32", "D.u[31:24] = byte_permute({S0.u, S1.u}, S2.u[31:24]); ...; D.u[7:0] = byte_permute({S0.u, S1.u}, S2.u[7:0]).", 32)
        .out("d", 32, concat(&bytes))
        .region("sign_selectors", "(and (bvuge ((_ extract 7 0) s2) #x08) (bvule ((_ extract 7 0) s2) #x0b))")
        .region("constant_selectors", "(bvuge ((_ extract 15 8) s2) #x0c)")
}

/// D.u = 0; for i in 0 ... 31 do D.u += (S0.u[i] == 1 ? 1 : 0); endfor, as printed: S1
/// is not added (rule gcn5.v_bcnt_u32_b32.accumulate is contested; note 0027).
pub fn v_bcnt_u32_b32() -> Model {
    two(
        "V_BCNT_U32_B32",
        "D.u = 0; for i in 0 ... 31 do D.u += (S0.u[i] == 1 ? 1 : 0); endfor.",
        32,
    )
    .out("d", 32, popcount("s0", 32, 32))
    .region("s1_nonzero", "(not (= s1 #x00000000))")
}

fn mbcnt(name: &'static str, spec: &'static str, hi: bool) -> Model {
    let mask = "(bvsub (bvshl #x0000000000000001 ((_ zero_extend 58) lane)) #x0000000000000001)";
    let half = if hi {
        ext(mask, 63, 32)
    } else {
        ext(mask, 31, 0)
    };
    two(name, spec, 32)
        .input("lane", 6)
        .out(
            "d",
            32,
            format!(
                "(bvadd s1 {})",
                popcount(&format!("(bvand s0 {half})"), 32, 32)
            ),
        )
        .region("top_lane", "(= lane #b111111)")
        .region("lane_zero", "(= lane #b000000)")
}
/// ThreadMask = (1LL << ThreadPosition) - 1; MaskedValue = (S0.u & ThreadMask[31:0]); D.u = S1.u + popcount.
pub fn v_mbcnt_lo_u32_b32() -> Model {
    mbcnt("V_MBCNT_LO_U32_B32", "ThreadMask = (1LL << ThreadPosition) - 1; MaskedValue = (S0.u & ThreadMask[31:0]); D.u = S1.u; for i in 0 ... 31 do D.u += (MaskedValue[i] == 1 ? 1 : 0); endfor.", false)
}
/// ThreadMask = (1LL << ThreadPosition) - 1; MaskedValue = (S0.u & ThreadMask[63:32]); D.u = S1.u + popcount.
pub fn v_mbcnt_hi_u32_b32() -> Model {
    mbcnt("V_MBCNT_HI_U32_B32", "ThreadMask = (1LL << ThreadPosition) - 1; MaskedValue = (S0.u & ThreadMask[63:32]); D.u = S1.u; for i in 0 ... 31 do D.u += (MaskedValue[i] == 1 ? 1 : 0); endfor.", true)
}

fn shift64(name: &'static str, spec: &'static str, f: &str) -> Model {
    Model::new(name, spec)
        .input("s0", 32)
        .input("s1", 64)
        .out("d", 64, format!("({f} s1 {})", low("s0", 6, 64)))
        .region("high_bits_of_shift_set", "(bvuge s0 #x00000040)")
}
/// D.u64 = S1.u64 << S0.u[5:0].
pub fn v_lshlrev_b64() -> Model {
    shift64("V_LSHLREV_B64", "D.u64 = S1.u64 << S0.u[5:0].", "bvshl")
        .int_family(IntFamily::Shift { count: "s0" })
}
/// D.u64 = S1.u64 >> S0.u[5:0].
pub fn v_lshrrev_b64() -> Model {
    shift64("V_LSHRREV_B64", "D.u64 = S1.u64 >> S0.u[5:0].", "bvlshr")
        .int_family(IntFamily::Shift { count: "s0" })
}
/// D.u64 = signext(S1.u64) >> S0.u[5:0].
pub fn v_ashrrev_i64() -> Model {
    shift64(
        "V_ASHRREV_I64",
        "D.u64 = signext(S1.u64) >> S0.u[5:0].",
        "bvashr",
    )
    .int_family(IntFamily::Shift { count: "s0" })
}

/// D.u = ((1<<S0.u[4:0])-1) << S1.u[4:0].
pub fn v_bfm_b32() -> Model {
    two("V_BFM_B32", "D.u = ((1<<S0.u[4:0])-1) << S1.u[4:0].", 32).out("d", 32, bfm(32))
}

/// D.u = ~(S0.u ^ S1.u) (MI100 manual).
pub fn v_xnor_b32() -> Model {
    two("V_XNOR_B32", "D.u = ~(S0.u ^ S1.u).", 32).out("d", 32, "(bvnot (bvxor s0 s1))")
}

/// The VOP3 bit, field, shift and min/max models.
#[rustfmt::skip]
pub const MODELS: &[(&str, ModelFn)] = &[
    ("V_BFE_U32", v_bfe_u32), ("V_BFE_I32", v_bfe_i32), ("V_BFI_B32", v_bfi_b32),
    ("V_LERP_U8", v_lerp_u8), ("V_ALIGNBIT_B32", v_alignbit_b32),
    ("V_ALIGNBYTE_B32", v_alignbyte_b32), ("V_MIN3_I32", v_min3_i32), ("V_MIN3_U32", v_min3_u32),
    ("V_MAX3_I32", v_max3_i32), ("V_MAX3_U32", v_max3_u32), ("V_MED3_I32", v_med3_i32),
    ("V_MED3_U32", v_med3_u32), ("V_PERM_B32", v_perm_b32), ("V_MIN3_I16", v_min3_i16),
    ("V_MIN3_U16", v_min3_u16), ("V_MAX3_I16", v_max3_i16), ("V_MAX3_U16", v_max3_u16),
    ("V_MED3_I16", v_med3_i16), ("V_MED3_U16", v_med3_u16), ("V_LSHL_OR_B32", v_lshl_or_b32),
    ("V_AND_OR_B32", v_and_or_b32), ("V_OR3_B32", v_or3_b32), ("V_BCNT_U32_B32", v_bcnt_u32_b32),
    ("V_MBCNT_LO_U32_B32", v_mbcnt_lo_u32_b32), ("V_MBCNT_HI_U32_B32", v_mbcnt_hi_u32_b32),
    ("V_LSHLREV_B64", v_lshlrev_b64), ("V_LSHRREV_B64", v_lshrrev_b64),
    ("V_ASHRREV_I64", v_ashrrev_i64), ("V_BFM_B32", v_bfm_b32), ("V_XNOR_B32", v_xnor_b32),
];
