//! SOPK kernels (Vega manual, "SOPK Instructions").

use super::*;

/// `D.i = signext(SIMM16)`.
pub(super) fn s_movk_i32(x: &ScalarIn) -> ScalarOut {
    d32(sext16(x.simm16))
}
/// `if(SCC) then D.i = signext(SIMM16); endif`.
pub(super) fn s_cmovk_i32(x: &ScalarIn) -> ScalarOut {
    if x.scc {
        d32(sext16(x.simm16))
    } else {
        ScalarOut::default()
    }
}
/// `SCC = (S0.i == signext(SIMM16))`.
pub(super) fn s_cmpk_eq_i32(x: &ScalarIn) -> ScalarOut {
    scc(i(x.d) == sext16(x.simm16) as i32)
}
/// `SCC = (S0.i != signext(SIMM16))`.
pub(super) fn s_cmpk_lg_i32(x: &ScalarIn) -> ScalarOut {
    scc(i(x.d) != sext16(x.simm16) as i32)
}
/// `SCC = (S0.i > signext(SIMM16))`.
pub(super) fn s_cmpk_gt_i32(x: &ScalarIn) -> ScalarOut {
    scc(i(x.d) > sext16(x.simm16) as i32)
}
/// `SCC = (S0.i >= signext(SIMM16))`.
pub(super) fn s_cmpk_ge_i32(x: &ScalarIn) -> ScalarOut {
    scc(i(x.d) >= sext16(x.simm16) as i32)
}
/// `SCC = (S0.i < signext(SIMM16))`.
pub(super) fn s_cmpk_lt_i32(x: &ScalarIn) -> ScalarOut {
    scc(i(x.d) < sext16(x.simm16) as i32)
}
/// `SCC = (S0.i <= signext(SIMM16))`.
pub(super) fn s_cmpk_le_i32(x: &ScalarIn) -> ScalarOut {
    scc(i(x.d) <= sext16(x.simm16) as i32)
}
/// `SCC = (S0.u == SIMM16)`.
pub(super) fn s_cmpk_eq_u32(x: &ScalarIn) -> ScalarOut {
    scc(lo(x.d) == u32::from(x.simm16))
}
/// `SCC = (S0.u != SIMM16)`.
pub(super) fn s_cmpk_lg_u32(x: &ScalarIn) -> ScalarOut {
    scc(lo(x.d) != u32::from(x.simm16))
}
/// `SCC = (S0.u > SIMM16)`.
pub(super) fn s_cmpk_gt_u32(x: &ScalarIn) -> ScalarOut {
    scc(lo(x.d) > u32::from(x.simm16))
}
/// `SCC = (S0.u >= SIMM16)`.
pub(super) fn s_cmpk_ge_u32(x: &ScalarIn) -> ScalarOut {
    scc(lo(x.d) >= u32::from(x.simm16))
}
/// `SCC = (S0.u < SIMM16)`.
pub(super) fn s_cmpk_lt_u32(x: &ScalarIn) -> ScalarOut {
    scc(lo(x.d) < u32::from(x.simm16))
}
/// `SCC = (S0.u <= SIMM16)`.
pub(super) fn s_cmpk_le_u32(x: &ScalarIn) -> ScalarOut {
    scc(lo(x.d) <= u32::from(x.simm16))
}
/// `tmp = D.i; D.i = D.i + signext(SIMM16); SCC = (tmp[31] == SIMM16[15] && tmp[31] != D.i[31])`.
pub(super) fn s_addk_i32(x: &ScalarIn) -> ScalarOut {
    let (d, o) = i(x.d).overflowing_add(sext16(x.simm16) as i32);
    d32_scc(d as u32, o)
}
/// `D.i = D.i * signext(SIMM16)` (SCC unchanged).
pub(super) fn s_mulk_i32(x: &ScalarIn) -> ScalarOut {
    d32(lo(x.d).wrapping_mul(sext16(x.simm16)))
}
/// `D.u64 = PC + 4; PC = PC + signext(SIMM16 * 4) + 4`.
pub(super) fn s_call_b64(x: &ScalarIn) -> ScalarOut {
    let next = x.pc.wrapping_add(4);
    let off = i64::from(x.simm16 as i16) * 4;
    ScalarOut {
        d: Some(next),
        pc: Some(next.wrapping_add(off as u64)),
        ..ScalarOut::default()
    }
}
