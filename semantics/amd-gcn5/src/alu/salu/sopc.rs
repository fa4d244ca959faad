//! SOPC kernels (Vega manual, "SOPC Instructions").

use super::*;

/// `SCC = (S0 == S1)` (I32, U32 and U64).
pub(super) fn s_cmp_eq(x: &ScalarIn) -> ScalarOut {
    scc(x.s0 == x.s1)
}
/// `SCC = (S0 != S1)` (I32, U32 and U64).
pub(super) fn s_cmp_lg(x: &ScalarIn) -> ScalarOut {
    scc(x.s0 != x.s1)
}
/// `SCC = (S0.i > S1.i)`.
pub(super) fn s_cmp_gt_i32(x: &ScalarIn) -> ScalarOut {
    scc(i(x.s0) > i(x.s1))
}
/// `SCC = (S0.i >= S1.i)`.
pub(super) fn s_cmp_ge_i32(x: &ScalarIn) -> ScalarOut {
    scc(i(x.s0) >= i(x.s1))
}
/// `SCC = (S0.i < S1.i)`.
pub(super) fn s_cmp_lt_i32(x: &ScalarIn) -> ScalarOut {
    scc(i(x.s0) < i(x.s1))
}
/// `SCC = (S0.i <= S1.i)`.
pub(super) fn s_cmp_le_i32(x: &ScalarIn) -> ScalarOut {
    scc(i(x.s0) <= i(x.s1))
}
/// `SCC = (S0.u > S1.u)`.
pub(super) fn s_cmp_gt_u32(x: &ScalarIn) -> ScalarOut {
    scc(lo(x.s0) > lo(x.s1))
}
/// `SCC = (S0.u >= S1.u)`.
pub(super) fn s_cmp_ge_u32(x: &ScalarIn) -> ScalarOut {
    scc(lo(x.s0) >= lo(x.s1))
}
/// `SCC = (S0.u < S1.u)`.
pub(super) fn s_cmp_lt_u32(x: &ScalarIn) -> ScalarOut {
    scc(lo(x.s0) < lo(x.s1))
}
/// `SCC = (S0.u <= S1.u)`.
pub(super) fn s_cmp_le_u32(x: &ScalarIn) -> ScalarOut {
    scc(lo(x.s0) <= lo(x.s1))
}
/// `SCC = (S0.u[S1.u[4:0]] == 0)`.
pub(super) fn s_bitcmp0_b32(x: &ScalarIn) -> ScalarOut {
    scc((lo(x.s0) >> (x.s1 & 31)) & 1 == 0)
}
/// `SCC = (S0.u[S1.u[4:0]] == 1)`.
pub(super) fn s_bitcmp1_b32(x: &ScalarIn) -> ScalarOut {
    scc((lo(x.s0) >> (x.s1 & 31)) & 1 == 1)
}
/// `SCC = (S0.u64[S1.u[5:0]] == 0)`.
pub(super) fn s_bitcmp0_b64(x: &ScalarIn) -> ScalarOut {
    scc((x.s0 >> (x.s1 & 63)) & 1 == 0)
}
/// `SCC = (S0.u64[S1.u[5:0]] == 1)`.
pub(super) fn s_bitcmp1_b64(x: &ScalarIn) -> ScalarOut {
    scc((x.s0 >> (x.s1 & 63)) & 1 == 1)
}
