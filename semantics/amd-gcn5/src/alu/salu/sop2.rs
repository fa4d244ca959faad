//! SOP2 kernels (Vega manual, "SOP2 Instructions").

use super::*;

/// `D.u = S0.u + S1.u; SCC = (S0.u + S1.u >= 0x100000000ULL ? 1 : 0)`.
pub(super) fn s_add_u32(x: &ScalarIn) -> ScalarOut {
    let (d, c) = lo(x.s0).overflowing_add(lo(x.s1));
    d32_scc(d, c)
}
/// `D.u = S0.u - S1.u; SCC = (S1.u > S0.u ? 1 : 0)`.
pub(super) fn s_sub_u32(x: &ScalarIn) -> ScalarOut {
    d32_scc(lo(x.s0).wrapping_sub(lo(x.s1)), lo(x.s1) > lo(x.s0))
}
/// `D.i = S0.i + S1.i; SCC = (S0.u[31] == S1.u[31] && S0.u[31] != D.u[31])`.
pub(super) fn s_add_i32(x: &ScalarIn) -> ScalarOut {
    let (d, o) = i(x.s0).overflowing_add(i(x.s1));
    d32_scc(d as u32, o)
}
/// `D.i = S0.i - S1.i; SCC = (S0.u[31] != S1.u[31] && S0.u[31] != D.u[31])`.
pub(super) fn s_sub_i32(x: &ScalarIn) -> ScalarOut {
    let (d, o) = i(x.s0).overflowing_sub(i(x.s1));
    d32_scc(d as u32, o)
}
/// `D.u = S0.u + S1.u + SCC; SCC = (S0.u + S1.u + SCC >= 0x100000000ULL ? 1 : 0)`.
pub(super) fn s_addc_u32(x: &ScalarIn) -> ScalarOut {
    let sum = u64::from(lo(x.s0)) + u64::from(lo(x.s1)) + u64::from(x.scc);
    d32_scc(sum as u32, sum >> 32 != 0)
}
/// `D.u = S0.u - S1.u - SCC; SCC = (S1.u + SCC > S0.u ? 1 : 0)`.
pub(super) fn s_subb_u32(x: &ScalarIn) -> ScalarOut {
    let d = lo(x.s0)
        .wrapping_sub(lo(x.s1))
        .wrapping_sub(u32::from(x.scc));
    d32_scc(
        d,
        u64::from(lo(x.s1)) + u64::from(x.scc) > u64::from(lo(x.s0)),
    )
}
/// `D.i = (S0.i < S1.i) ? S0.i : S1.i; SCC = (S0.i < S1.i)`.
pub(super) fn s_min_i32(x: &ScalarIn) -> ScalarOut {
    let c = i(x.s0) < i(x.s1);
    d32_scc(if c { lo(x.s0) } else { lo(x.s1) }, c)
}
/// `D.u = (S0.u < S1.u) ? S0.u : S1.u; SCC = (S0.u < S1.u)`.
pub(super) fn s_min_u32(x: &ScalarIn) -> ScalarOut {
    let c = lo(x.s0) < lo(x.s1);
    d32_scc(if c { lo(x.s0) } else { lo(x.s1) }, c)
}
/// `D.i = (S0.i > S1.i) ? S0.i : S1.i; SCC = (S0.i > S1.i)`.
pub(super) fn s_max_i32(x: &ScalarIn) -> ScalarOut {
    let c = i(x.s0) > i(x.s1);
    d32_scc(if c { lo(x.s0) } else { lo(x.s1) }, c)
}
/// `D.u = (S0.u > S1.u) ? S0.u : S1.u; SCC = (S0.u > S1.u)`.
pub(super) fn s_max_u32(x: &ScalarIn) -> ScalarOut {
    let c = lo(x.s0) > lo(x.s1);
    d32_scc(if c { lo(x.s0) } else { lo(x.s1) }, c)
}
/// `D.u = SCC ? S0.u : S1.u` (B32 and B64; SCC unchanged).
pub(super) fn s_cselect(x: &ScalarIn) -> ScalarOut {
    d64(if x.scc { x.s0 } else { x.s1 })
}
/// `D = S0 & S1; SCC = (D != 0)`.
pub(super) fn s_and_b32(x: &ScalarIn) -> ScalarOut {
    d32_nz(lo(x.s0 & x.s1))
}
/// `D = S0 & S1; SCC = (D != 0)`.
pub(super) fn s_and_b64(x: &ScalarIn) -> ScalarOut {
    d64_nz(x.s0 & x.s1)
}
/// `D = S0 | S1; SCC = (D != 0)`.
pub(super) fn s_or_b32(x: &ScalarIn) -> ScalarOut {
    d32_nz(lo(x.s0 | x.s1))
}
/// `D = S0 | S1; SCC = (D != 0)`.
pub(super) fn s_or_b64(x: &ScalarIn) -> ScalarOut {
    d64_nz(x.s0 | x.s1)
}
/// `D = S0 ^ S1; SCC = (D != 0)`.
pub(super) fn s_xor_b32(x: &ScalarIn) -> ScalarOut {
    d32_nz(lo(x.s0 ^ x.s1))
}
/// `D = S0 ^ S1; SCC = (D != 0)`.
pub(super) fn s_xor_b64(x: &ScalarIn) -> ScalarOut {
    d64_nz(x.s0 ^ x.s1)
}
/// `D = S0 & ~S1; SCC = (D != 0)`.
pub(super) fn s_andn2_b32(x: &ScalarIn) -> ScalarOut {
    d32_nz(lo(x.s0 & !x.s1))
}
/// `D = S0 & ~S1; SCC = (D != 0)`.
pub(super) fn s_andn2_b64(x: &ScalarIn) -> ScalarOut {
    d64_nz(x.s0 & !x.s1)
}
/// `D = S0 | ~S1; SCC = (D != 0)`.
pub(super) fn s_orn2_b32(x: &ScalarIn) -> ScalarOut {
    d32_nz(lo(x.s0 | !x.s1))
}
/// `D = S0 | ~S1; SCC = (D != 0)`.
pub(super) fn s_orn2_b64(x: &ScalarIn) -> ScalarOut {
    d64_nz(x.s0 | !x.s1)
}
/// `D = ~(S0 & S1); SCC = (D != 0)`.
pub(super) fn s_nand_b32(x: &ScalarIn) -> ScalarOut {
    d32_nz(lo(!(x.s0 & x.s1)))
}
/// `D = ~(S0 & S1); SCC = (D != 0)`.
pub(super) fn s_nand_b64(x: &ScalarIn) -> ScalarOut {
    d64_nz(!(x.s0 & x.s1))
}
/// `D = ~(S0 | S1); SCC = (D != 0)`.
pub(super) fn s_nor_b32(x: &ScalarIn) -> ScalarOut {
    d32_nz(lo(!(x.s0 | x.s1)))
}
/// `D = ~(S0 | S1); SCC = (D != 0)`.
pub(super) fn s_nor_b64(x: &ScalarIn) -> ScalarOut {
    d64_nz(!(x.s0 | x.s1))
}
/// `D = ~(S0 ^ S1); SCC = (D != 0)`.
pub(super) fn s_xnor_b32(x: &ScalarIn) -> ScalarOut {
    d32_nz(lo(!(x.s0 ^ x.s1)))
}
/// `D = ~(S0 ^ S1); SCC = (D != 0)`.
pub(super) fn s_xnor_b64(x: &ScalarIn) -> ScalarOut {
    d64_nz(!(x.s0 ^ x.s1))
}
/// `D.u = S0.u << S1.u[4:0]; SCC = (D.u != 0)`.
pub(super) fn s_lshl_b32(x: &ScalarIn) -> ScalarOut {
    d32_nz(lo(x.s0) << (x.s1 & 31))
}
/// `D.u64 = S0.u64 << S1.u[5:0]; SCC = (D.u64 != 0)`.
pub(super) fn s_lshl_b64(x: &ScalarIn) -> ScalarOut {
    d64_nz(x.s0 << (x.s1 & 63))
}
/// `D.u = S0.u >> S1.u[4:0]; SCC = (D.u != 0)`.
pub(super) fn s_lshr_b32(x: &ScalarIn) -> ScalarOut {
    d32_nz(lo(x.s0) >> (x.s1 & 31))
}
/// `D.u64 = S0.u64 >> S1.u[5:0]; SCC = (D.u64 != 0)`.
pub(super) fn s_lshr_b64(x: &ScalarIn) -> ScalarOut {
    d64_nz(x.s0 >> (x.s1 & 63))
}
/// `D.i = signext(S0.i) >> S1.u[4:0]; SCC = (D.i != 0)`.
pub(super) fn s_ashr_i32(x: &ScalarIn) -> ScalarOut {
    d32_nz((i(x.s0) >> (x.s1 & 31)) as u32)
}
/// `D.i64 = signext(S0.i64) >> S1.u[5:0]; SCC = (D.i64 != 0)`.
pub(super) fn s_ashr_i64(x: &ScalarIn) -> ScalarOut {
    d64_nz(((x.s0 as i64) >> (x.s1 & 63)) as u64)
}
/// `D.u = ((1 << S0.u[4:0]) - 1) << S1.u[4:0]` (SCC unchanged).
pub(super) fn s_bfm_b32(x: &ScalarIn) -> ScalarOut {
    d32(((1u32 << (x.s0 & 31)) - 1) << (x.s1 & 31))
}
/// `D.u64 = ((1ULL << S0.u[5:0]) - 1) << S1.u[5:0]` (SCC unchanged).
pub(super) fn s_bfm_b64(x: &ScalarIn) -> ScalarOut {
    d64(((1u64 << (x.s0 & 63)) - 1) << (x.s1 & 63))
}
/// `D.i = S0.i * S1.i` (low 32 bits; SCC unchanged).
pub(super) fn s_mul_i32(x: &ScalarIn) -> ScalarOut {
    d32(lo(x.s0).wrapping_mul(lo(x.s1)))
}

/// The field mask of S_BFE: `(1 << width) - 1`, all ones from the operand width up (rule
/// `gcn5.salu.bfe.width`).
fn bfe_mask(width: u64, bits: u32) -> u64 {
    if width >= u64::from(bits) {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}
/// Sign-extend the low `width` bits of `v` (a field of `bits` bits at most).
fn sext_field(v: u64, width: u64, bits: u32) -> u64 {
    if width == 0 {
        return 0;
    }
    let w = width.min(u64::from(bits)) as u32;
    let sh = 64 - w;
    (((v << sh) as i64) >> sh) as u64
}
/// `D.u = (S0.u >> S1.u[4:0]) & ((1 << S1.u[22:16]) - 1); SCC = (D.u != 0)`.
pub(super) fn s_bfe_u32(x: &ScalarIn) -> ScalarOut {
    let w = (x.s1 >> 16) & 0x7f;
    d32_nz(lo((u64::from(lo(x.s0)) >> (x.s1 & 31)) & bfe_mask(w, 32)))
}
/// `D.i = signext((S0.i >> S1.u[4:0]) & ((1 << S1.u[22:16]) - 1)); SCC = (D.i != 0)`.
pub(super) fn s_bfe_i32(x: &ScalarIn) -> ScalarOut {
    let w = (x.s1 >> 16) & 0x7f;
    // The field's top bit is bit (width - 1) of the shifted value, or the sign when the
    // field runs past bit 31 (the shift is arithmetic: S0.i).
    let shifted = (i64::from(i(x.s0)) >> (x.s1 & 31)) as u64;
    let field = shifted & bfe_mask(w, 32);
    d32_nz(lo(sext_field(field, w, 32)))
}
/// `D.u64 = (S0.u64 >> S1.u[5:0]) & ((1 << S1.u[22:16]) - 1); SCC = (D.u64 != 0)`.
pub(super) fn s_bfe_u64(x: &ScalarIn) -> ScalarOut {
    let w = (x.s1 >> 16) & 0x7f;
    d64_nz((x.s0 >> (x.s1 & 63)) & bfe_mask(w, 64))
}
/// `D.i64 = signext((S0.i64 >> S1.u[5:0]) & ((1 << S1.u[22:16]) - 1)); SCC = (D.i64 != 0)`.
pub(super) fn s_bfe_i64(x: &ScalarIn) -> ScalarOut {
    let w = (x.s1 >> 16) & 0x7f;
    let shifted = ((x.s0 as i64) >> (x.s1 & 63)) as u64;
    d64_nz(sext_field(shifted & bfe_mask(w, 64), w, 64))
}
/// `D.i = S0.i - S1.i; if(D.i < 0) then D.i = -D.i; endif; SCC = (D.i != 0)`.
pub(super) fn s_absdiff_i32(x: &ScalarIn) -> ScalarOut {
    d32_nz(i(x.s0).wrapping_sub(i(x.s1)).wrapping_abs() as u32)
}
/// `D.u = (S0.u * S1.u) >> 32` (SCC unchanged).
pub(super) fn s_mul_hi_u32(x: &ScalarIn) -> ScalarOut {
    d32(((u64::from(lo(x.s0)) * u64::from(lo(x.s1))) >> 32) as u32)
}
/// `D.i = (S0.i * S1.i) >> 32` (SCC unchanged).
pub(super) fn s_mul_hi_i32(x: &ScalarIn) -> ScalarOut {
    d32(((i64::from(i(x.s0)) * i64::from(i(x.s1))) >> 32) as u32)
}
/// `(S0.u << n) + S1.u`, SCC the carry of the 64-bit sum (rule `gcn5.salu.lshl_add.carry`).
fn lshl_add(x: &ScalarIn, n: u32) -> ScalarOut {
    let sum = (u64::from(lo(x.s0)) << n) + u64::from(lo(x.s1));
    d32_scc(sum as u32, sum >> 32 != 0)
}
/// `D.u = (S0.u << 1) + S1.u; SCC = (((S0.u << 1) + S1.u) >= 0x100000000ULL ? 1 : 0)`.
pub(super) fn s_lshl1_add_u32(x: &ScalarIn) -> ScalarOut {
    lshl_add(x, 1)
}
/// `D.u = (S0.u << 2) + S1.u; SCC = (((S0.u << 2) + S1.u) >= 0x100000000ULL ? 1 : 0)`.
pub(super) fn s_lshl2_add_u32(x: &ScalarIn) -> ScalarOut {
    lshl_add(x, 2)
}
/// `D.u = (S0.u << 3) + S1.u; SCC = (((S0.u << 3) + S1.u) >= 0x100000000ULL ? 1 : 0)`.
pub(super) fn s_lshl3_add_u32(x: &ScalarIn) -> ScalarOut {
    lshl_add(x, 3)
}
/// `D.u = (S0.u << 4) + S1.u; SCC = (((S0.u << 4) + S1.u) >= 0x100000000ULL ? 1 : 0)`.
pub(super) fn s_lshl4_add_u32(x: &ScalarIn) -> ScalarOut {
    lshl_add(x, 4)
}
/// `D.u[31:0] = { S1.u[15:0], S0.u[15:0] }`.
pub(super) fn s_pack_ll_b32_b16(x: &ScalarIn) -> ScalarOut {
    d32((lo(x.s1) << 16) | (lo(x.s0) & 0xffff))
}
/// `D.u[31:0] = { S1.u[31:16], S0.u[15:0] }`.
pub(super) fn s_pack_lh_b32_b16(x: &ScalarIn) -> ScalarOut {
    d32((lo(x.s1) & 0xffff_0000) | (lo(x.s0) & 0xffff))
}
/// `D.u[31:0] = { S1.u[31:16], S0.u[31:16] }`.
pub(super) fn s_pack_hh_b32_b16(x: &ScalarIn) -> ScalarOut {
    d32((lo(x.s1) & 0xffff_0000) | (lo(x.s0) >> 16))
}
