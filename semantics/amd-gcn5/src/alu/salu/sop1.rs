//! SOP1 kernels (Vega manual, "SOP1 Instructions").

use super::*;

/// `D.u = S0.u` (B32 and B64).
pub(super) fn s_mov(x: &ScalarIn) -> ScalarOut {
    d64(x.s0)
}
/// `if(SCC) then D.u = S0.u; endif` (B32 and B64).
pub(super) fn s_cmov(x: &ScalarIn) -> ScalarOut {
    if x.scc {
        d64(x.s0)
    } else {
        ScalarOut::default()
    }
}
/// `D = ~S0; SCC = (D != 0)`.
pub(super) fn s_not_b32(x: &ScalarIn) -> ScalarOut {
    d32_nz(!lo(x.s0))
}
/// `D = ~S0; SCC = (D != 0)`.
pub(super) fn s_not_b64(x: &ScalarIn) -> ScalarOut {
    d64_nz(!x.s0)
}
/// Each 4-bit group of `v` becomes all ones if any of its bits is set.
fn wqm(v: u64) -> u64 {
    let any = v | (v >> 1) | (v >> 2) | (v >> 3);
    (any & 0x1111_1111_1111_1111) * 0xf
}
/// `for i in 0 ... opcode_size_in_bits - 1 do D[i] = (S0[(i & ~3):(i | 3)] != 0); endfor; SCC = (D != 0)`.
pub(super) fn s_wqm_b32(x: &ScalarIn) -> ScalarOut {
    d32_nz(lo(wqm(u64::from(lo(x.s0)))))
}
/// `for i in 0 ... opcode_size_in_bits - 1 do D[i] = (S0[(i & ~3):(i | 3)] != 0); endfor; SCC = (D != 0)`.
pub(super) fn s_wqm_b64(x: &ScalarIn) -> ScalarOut {
    d64_nz(wqm(x.s0))
}
/// `D.u[31:0] = S0.u[0:31]`.
pub(super) fn s_brev_b32(x: &ScalarIn) -> ScalarOut {
    d32(lo(x.s0).reverse_bits())
}
/// `D.u64[63:0] = S0.u64[0:63]`.
pub(super) fn s_brev_b64(x: &ScalarIn) -> ScalarOut {
    d64(x.s0.reverse_bits())
}
/// `D = 0; for i ... do D += (S0[i] == 0 ? 1 : 0) endfor; SCC = (D != 0)` (32 bits).
pub(super) fn s_bcnt0_i32_b32(x: &ScalarIn) -> ScalarOut {
    d32_nz(lo(x.s0).count_zeros())
}
/// `D = 0; for i ... do D += (S0[i] == 0 ? 1 : 0) endfor; SCC = (D != 0)` (64 bits).
pub(super) fn s_bcnt0_i32_b64(x: &ScalarIn) -> ScalarOut {
    d32_nz(x.s0.count_zeros())
}
/// `D = 0; for i ... do D += (S0[i] == 1 ? 1 : 0) endfor; SCC = (D != 0)` (32 bits).
pub(super) fn s_bcnt1_i32_b32(x: &ScalarIn) -> ScalarOut {
    d32_nz(lo(x.s0).count_ones())
}
/// `D = 0; for i ... do D += (S0[i] == 1 ? 1 : 0) endfor; SCC = (D != 0)` (64 bits).
pub(super) fn s_bcnt1_i32_b64(x: &ScalarIn) -> ScalarOut {
    d32_nz(x.s0.count_ones())
}
/// A bit position, or -1 when `found` is false (SCC unchanged).
fn pos(found: bool, p: u32) -> ScalarOut {
    d32(if found { p } else { u32::MAX })
}
/// `D.i = -1; for i ... if S0[i] == 0 then D.i = i; break for; endif; endfor` (32 bits).
pub(super) fn s_ff0_i32_b32(x: &ScalarIn) -> ScalarOut {
    pos(lo(x.s0) != u32::MAX, lo(x.s0).trailing_ones())
}
/// `D.i = -1; for i ... if S0[i] == 0 then D.i = i; break for; endif; endfor` (64 bits).
pub(super) fn s_ff0_i32_b64(x: &ScalarIn) -> ScalarOut {
    pos(x.s0 != u64::MAX, x.s0.trailing_ones())
}
/// `D.i = -1; for i ... if S0[i] == 1 then D.i = i; break for; endif; endfor` (32 bits).
pub(super) fn s_ff1_i32_b32(x: &ScalarIn) -> ScalarOut {
    pos(lo(x.s0) != 0, lo(x.s0).trailing_zeros())
}
/// `D.i = -1; for i ... if S0[i] == 1 then D.i = i; break for; endif; endfor` (64 bits).
pub(super) fn s_ff1_i32_b64(x: &ScalarIn) -> ScalarOut {
    pos(x.s0 != 0, x.s0.trailing_zeros())
}
/// `D.i = -1; for i ... if S0[opcode_size_in_bits - 1 - i] == 1 then D.i = i; break for` (32 bits).
pub(super) fn s_flbit_i32_b32(x: &ScalarIn) -> ScalarOut {
    pos(lo(x.s0) != 0, lo(x.s0).leading_zeros())
}
/// `D.i = -1; for i ... if S0[opcode_size_in_bits - 1 - i] == 1 then D.i = i; break for` (64 bits).
pub(super) fn s_flbit_i32_b64(x: &ScalarIn) -> ScalarOut {
    pos(x.s0 != 0, x.s0.leading_zeros())
}
/// `D.i = -1; for i in 1 ... if S0[opcode_size_in_bits - 1 - i] != S0[opcode_size_in_bits - 1] then D.i = i; break for` (32 bits).
pub(super) fn s_flbit_i32(x: &ScalarIn) -> ScalarOut {
    let v = lo(x.s0);
    let same = if v >> 31 == 1 {
        v.leading_ones()
    } else {
        v.leading_zeros()
    };
    pos(same < 32, same)
}
/// As S_FLBIT_I32 over 64 bits.
pub(super) fn s_flbit_i32_i64(x: &ScalarIn) -> ScalarOut {
    let v = x.s0;
    let same = if v >> 63 == 1 {
        v.leading_ones()
    } else {
        v.leading_zeros()
    };
    pos(same < 64, same)
}
/// `D.i = signext(S0.i[7:0])`.
pub(super) fn s_sext_i32_i8(x: &ScalarIn) -> ScalarOut {
    d32(x.s0 as u8 as i8 as i32 as u32)
}
/// `D.i = signext(S0.i[15:0])`.
pub(super) fn s_sext_i32_i16(x: &ScalarIn) -> ScalarOut {
    d32(sext16(x.s0 as u16))
}
/// `D.u[S0.u[4:0]] = 0`.
pub(super) fn s_bitset0_b32(x: &ScalarIn) -> ScalarOut {
    d32(lo(x.d) & !(1 << (x.s0 & 31)))
}
/// `D.u64[S0.u[5:0]] = 0`.
pub(super) fn s_bitset0_b64(x: &ScalarIn) -> ScalarOut {
    d64(x.d & !(1 << (x.s0 & 63)))
}
/// `D.u[S0.u[4:0]] = 1`.
pub(super) fn s_bitset1_b32(x: &ScalarIn) -> ScalarOut {
    d32(lo(x.d) | (1 << (x.s0 & 31)))
}
/// `D.u64[S0.u[5:0]] = 1`.
pub(super) fn s_bitset1_b64(x: &ScalarIn) -> ScalarOut {
    d64(x.d | (1 << (x.s0 & 63)))
}
/// `D.u64 = PC + 4`.
pub(super) fn s_getpc_b64(x: &ScalarIn) -> ScalarOut {
    d64(x.pc.wrapping_add(4))
}
/// `PC = S0.u64`.
pub(super) fn s_setpc_b64(x: &ScalarIn) -> ScalarOut {
    ScalarOut {
        pc: Some(x.s0),
        ..ScalarOut::default()
    }
}
/// `D.u64 = PC + 4; PC = S0.u64`.
pub(super) fn s_swappc_b64(x: &ScalarIn) -> ScalarOut {
    ScalarOut {
        d: Some(x.pc.wrapping_add(4)),
        pc: Some(x.s0),
        ..ScalarOut::default()
    }
}
/// `D.u64 = EXEC; EXEC = f(S0.u64, EXEC); SCC = (EXEC != 0)`.
fn saveexec(x: &ScalarIn, exec: u64) -> ScalarOut {
    ScalarOut {
        d: Some(x.exec),
        exec: Some(exec),
        scc: Some(exec != 0),
        ..ScalarOut::default()
    }
}
/// `D.u64 = EXEC; EXEC = S0.u64 & EXEC; SCC = (EXEC != 0)`.
pub(super) fn s_and_saveexec_b64(x: &ScalarIn) -> ScalarOut {
    saveexec(x, x.s0 & x.exec)
}
/// `D.u64 = EXEC; EXEC = S0.u64 | EXEC; SCC = (EXEC != 0)`.
pub(super) fn s_or_saveexec_b64(x: &ScalarIn) -> ScalarOut {
    saveexec(x, x.s0 | x.exec)
}
/// `D.u64 = EXEC; EXEC = S0.u64 ^ EXEC; SCC = (EXEC != 0)`.
pub(super) fn s_xor_saveexec_b64(x: &ScalarIn) -> ScalarOut {
    saveexec(x, x.s0 ^ x.exec)
}
/// `D.u64 = EXEC; EXEC = S0.u64 & ~EXEC; SCC = (EXEC != 0)`.
pub(super) fn s_andn2_saveexec_b64(x: &ScalarIn) -> ScalarOut {
    saveexec(x, x.s0 & !x.exec)
}
/// `D.u64 = EXEC; EXEC = S0.u64 | ~EXEC; SCC = (EXEC != 0)`.
pub(super) fn s_orn2_saveexec_b64(x: &ScalarIn) -> ScalarOut {
    saveexec(x, x.s0 | !x.exec)
}
/// `D.u64 = EXEC; EXEC = ~(S0.u64 & EXEC); SCC = (EXEC != 0)`.
pub(super) fn s_nand_saveexec_b64(x: &ScalarIn) -> ScalarOut {
    saveexec(x, !(x.s0 & x.exec))
}
/// `D.u64 = EXEC; EXEC = ~(S0.u64 | EXEC); SCC = (EXEC != 0)`.
pub(super) fn s_nor_saveexec_b64(x: &ScalarIn) -> ScalarOut {
    saveexec(x, !(x.s0 | x.exec))
}
/// `D.u64 = EXEC; EXEC = ~(S0.u64 ^ EXEC); SCC = (EXEC != 0)`.
pub(super) fn s_xnor_saveexec_b64(x: &ScalarIn) -> ScalarOut {
    saveexec(x, !(x.s0 ^ x.exec))
}
/// `D.u64 = EXEC; EXEC = ~S0.u64 & EXEC; SCC = (EXEC != 0)`.
pub(super) fn s_andn1_saveexec_b64(x: &ScalarIn) -> ScalarOut {
    saveexec(x, !x.s0 & x.exec)
}
/// `D.u64 = EXEC; EXEC = ~S0.u64 | EXEC; SCC = (EXEC != 0)`.
pub(super) fn s_orn1_saveexec_b64(x: &ScalarIn) -> ScalarOut {
    saveexec(x, !x.s0 | x.exec)
}
/// `EXEC = f(S0.u64, EXEC); D.u64 = EXEC; SCC = (EXEC != 0)`.
fn wrexec(exec: u64) -> ScalarOut {
    ScalarOut {
        d: Some(exec),
        exec: Some(exec),
        scc: Some(exec != 0),
        ..ScalarOut::default()
    }
}
/// `EXEC = ~S0.u64 & EXEC; D.u64 = EXEC; SCC = (EXEC != 0)`.
pub(super) fn s_andn1_wrexec_b64(x: &ScalarIn) -> ScalarOut {
    wrexec(!x.s0 & x.exec)
}
/// `EXEC = S0.u64 & ~EXEC; D.u64 = EXEC; SCC = (EXEC != 0)`.
pub(super) fn s_andn2_wrexec_b64(x: &ScalarIn) -> ScalarOut {
    wrexec(x.s0 & !x.exec)
}
/// Bit `i` of the result is the OR of bits `4i..4i+3` of `v`.
fn quadmask(v: u64, quads: u32) -> u64 {
    (0..quads).fold(0, |d, q| d | (u64::from((v >> (4 * q)) & 0xf != 0) << q))
}
/// `D = 0; for i in 0 ... (opcode_size_in_bits / 4) - 1 do D[i] = (S0[i * 4 + 3:i * 4] != 0); endfor; SCC = (D != 0)`.
pub(super) fn s_quadmask_b32(x: &ScalarIn) -> ScalarOut {
    d32_nz(quadmask(x.s0, 8) as u32)
}
/// As S_QUADMASK_B32 over 64 bits (16 result bits).
pub(super) fn s_quadmask_b64(x: &ScalarIn) -> ScalarOut {
    d64_nz(quadmask(x.s0, 16))
}
/// `D.i = (S.i < 0 ? -S.i : S.i); SCC = (D.i != 0)`.
pub(super) fn s_abs_i32(x: &ScalarIn) -> ScalarOut {
    d32_nz(i(x.s0).wrapping_abs() as u32)
}
/// `M0[7:0] = S0.u[7:0]`.
pub(super) fn s_set_gpr_idx_idx(x: &ScalarIn) -> ScalarOut {
    ScalarOut {
        m0: Some((x.m0 & !0xff) | (lo(x.s0) & 0xff)),
        ..ScalarOut::default()
    }
}
/// `for i in 0 ... 31 do D.u64[i * 2 + 0] = S0.u32[i]; D.u64[i * 2 + 1] = S0.u32[i] endfor`.
pub(super) fn s_bitreplicate_b64_b32(x: &ScalarIn) -> ScalarOut {
    d64((0..32).fold(0, |d, b| d | (((x.s0 >> b) & 1) * 3) << (2 * b)))
}
