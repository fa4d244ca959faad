//! Hand-worked cases for program flow (docs/design/0029): every expected value is worked
//! out from the manual's pseudocode in the comment next to it, not from the executors.

use super::*;
use crate::formats::parse;
use crate::instructions::{rows, Format};
use crate::target::Target;

/// `asm` run through `exec::execute` on both targets from the wave `setup` builds; both
/// targets must agree.
fn run(asm: &str, setup: impl Fn(&mut Wave)) -> Wave {
    let mut out: Option<Wave> = None;
    for t in Target::ALL {
        let inst = parse(t, asm).unwrap_or_else(|e| panic!("{asm}: {e}"));
        let mut w = Wave::default();
        setup(&mut w);
        crate::exec::execute(&mut w, &inst).unwrap_or_else(|e| panic!("{asm}: {e}"));
        if let Some(o) = &out {
            assert_eq!(o, &w, "{asm}: targets differ");
        }
        out = Some(w);
    }
    out.expect("two targets")
}

fn at(pc: u64) -> impl Fn(&mut Wave) {
    move |w| w.pc = pc
}

fn rules(w: &Wave) -> Vec<&'static str> {
    w.program_unsettled.iter().map(|(_, r)| *r).collect()
}

#[test]
fn every_sopp_row_and_every_row_of_the_table_executes() {
    for r in rows().filter(|r| r.format == Format::Sopp) {
        assert!(handles(r.name), "{}", r.name);
    }
    for p in ROWS {
        assert!(rows().any(|r| r.name == p.name), "{} is not a row", p.name);
        assert!(crate::exec::has_semantics(
            rows().find(|r| r.name == p.name).unwrap()
        ));
        assert!(!p.cites.is_empty(), "{}", p.name);
        let n = ROWS.iter().filter(|q| q.name == p.name).count();
        assert_eq!(n, 1, "{} twice", p.name);
    }
    let ids: Vec<&str> = RULES.iter().map(|r| r.id).collect();
    for (i, id) in ids.iter().enumerate() {
        assert!(!ids[..i].contains(id), "rule {id} twice");
    }
}

#[test]
fn branches_are_relative_to_the_next_instruction_in_dwords() {
    // PC = 0x100 + signext(3 * 4) + 4 = 0x110.
    assert_eq!(run("s_branch 3", at(0x100)).pc, 0x110);
    // SIMM16 = 0xfffe = -2: 0x100 - 8 + 4 = 0xfc (a backward branch).
    assert_eq!(run("s_branch 65534", at(0x100)).pc, 0xfc);
    // SIMM16 = -1: 0x100 - 4 + 4 = the branch itself.
    assert_eq!(run("s_branch 65535", at(0x100)).pc, 0x100);
    // SIMM16 = 0x8000 = -32768: 0x40000 - 0x20000 + 4.
    assert_eq!(run("s_branch 32768", at(0x40000)).pc, 0x20004);
    // Wrapping below 0 does not panic: 0 - 8 + 4 = 2^64 - 4.
    assert_eq!(run("s_branch 65534", at(0)).pc, u64::MAX - 3);
}

#[test]
fn conditional_branches_test_their_condition() {
    let taken = 0x100 + 4 + 8;
    let not = 0x104;
    let case = |asm: &str, set: &dyn Fn(&mut Wave)| {
        run(asm, |w| {
            w.pc = 0x100;
            set(w)
        })
        .pc
    };
    assert_eq!(case("s_cbranch_scc0 2", &|w| w.scc = false), taken);
    assert_eq!(case("s_cbranch_scc0 2", &|w| w.scc = true), not);
    assert_eq!(case("s_cbranch_scc1 2", &|w| w.scc = true), taken);
    assert_eq!(case("s_cbranch_scc1 2", &|w| w.scc = false), not);
    // VCCZ is (VCC == 0): one bit in the high half makes VCC non-zero.
    assert_eq!(case("s_cbranch_vccz 2", &|w| w.vcc = 0), taken);
    assert_eq!(case("s_cbranch_vccz 2", &|w| w.vcc = 1 << 63), not);
    assert_eq!(case("s_cbranch_vccnz 2", &|w| w.vcc = 1 << 63), taken);
    assert_eq!(case("s_cbranch_vccnz 2", &|w| w.vcc = 0), not);
    assert_eq!(case("s_cbranch_execz 2", &|w| w.exec = 0), taken);
    assert_eq!(case("s_cbranch_execz 2", &|w| w.exec = 1), not);
    assert_eq!(case("s_cbranch_execnz 2", &|w| w.exec = 1 << 40), taken);
    assert_eq!(case("s_cbranch_execnz 2", &|w| w.exec = 0), not);
    // STATUS bit 21 = COND_DBG_SYS, bit 20 = COND_DBG_USER.
    let sys = |w: &mut Wave| w.status = 1 << 21;
    assert_eq!(case("s_cbranch_cdbgsys 2", &sys), taken);
    assert_eq!(case("s_cbranch_cdbguser 2", &sys), not);
    assert_eq!(case("s_cbranch_cdbgsys_or_user 2", &sys), taken);
    assert_eq!(case("s_cbranch_cdbgsys_and_user 2", &sys), not);
    let both = |w: &mut Wave| w.status = 3 << 20;
    assert_eq!(case("s_cbranch_cdbgsys_and_user 2", &both), taken);
}

#[test]
fn setreg_on_mode_round_trips_through_getreg() {
    // hwreg(MODE, 0, 4): SIMM16 = {size-1 = 3, offset 0, id 1} = 0x1801. S0 = 0x1f: the
    // low 4 bits (0xf) replace MODE[3:0]; MODE[4] keeps its 0.
    let w = run("s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s0", |w| {
        w.sgpr[0] = 0x1f;
        w.mode = 0x0000_0300;
    });
    assert_eq!(w.mode, 0x0000_030f);
    assert!(w.program_unsettled.is_empty());
    // Reading MODE[9:8] back: 0x3.
    let w = run("s_getreg_b32 s1, hwreg(HW_REG_MODE, 8, 2)", |w| {
        w.mode = 0x0000_030f
    });
    assert_eq!(w.sgpr[1], 3);
    // The whole register.
    let w = run("s_getreg_b32 s1, hwreg(HW_REG_MODE)", |w| {
        w.mode = 0x8123_4567
    });
    assert_eq!(w.sgpr[1], 0x8123_4567);
    // A field in the middle: MODE[7:4] (denormals) = 0xa from S0 = 0xfffffffa.
    let w = run("s_setreg_b32 hwreg(HW_REG_MODE, 4, 4), s2", |w| {
        w.sgpr[2] = 0xffff_fffa
    });
    assert_eq!(w.mode, 0xa0);
    // S_SETREG_IMM32_B32: DX10_CLAMP (bit 8) from the literal's bit 0.
    let w = run("s_setreg_imm32_b32 hwreg(HW_REG_MODE, 8, 1), 0x3", |_| {});
    assert_eq!(w.mode, 0x100);
    // The CSP field (31:29) is part of MODE: write 5, read 5.
    let w = run("s_setreg_imm32_b32 hwreg(HW_REG_MODE, 29, 3), 5", |_| {});
    assert_eq!(w.mode, 0xa000_0000);
}

#[test]
fn hwreg_registers_and_their_edges() {
    // STATUS: stored bits plus SCC (bit 0), EXECZ (bit 9) and VCCZ (bit 10) from the wave.
    let w = run("s_getreg_b32 s1, hwreg(HW_REG_STATUS)", |w| {
        w.status = 0x0001_0040 | 0x601; // VALID, TRAP_EN and stale copies of the live bits
        w.scc = true;
        w.exec = 0;
        w.vcc = 5;
    });
    assert_eq!(w.sgpr[1], 0x0001_0040 | 1 | (1 << 9));
    // STATUS is read-only: a write changes nothing.
    let w = run("s_setreg_b32 hwreg(HW_REG_STATUS), s0", |w| w.sgpr[0] = !0);
    assert_eq!(w.status, 0);
    // TRAPSTS is writable: EXCP[8:0] cleared by writing 0 to hwreg(TRAPSTS, 0, 9).
    let w = run("s_setreg_b32 hwreg(HW_REG_TRAPSTS, 0, 9), s0", |w| {
        w.trapsts = 0x1ff | (1 << 11)
    });
    assert_eq!(w.trapsts, 1 << 11);
    assert!(w.program_unsettled.is_empty());
    // The driver's read-only registers.
    let w = run("s_getreg_b32 s3, hwreg(HW_REG_GPR_ALLOC, 8, 6)", |w| {
        w.hw_info = [0, 0x0003_0a05, 0, 0]
    });
    assert_eq!(w.sgpr[3], 0x0a);
    // A reserved id reads 0, unsettled.
    let w = run("s_getreg_b32 s3, hwreg(9, 0, 32)", |w| w.sgpr[3] = 7);
    assert_eq!((w.sgpr[3], rules(&w)), (0, vec!["gcn5.hwreg.reserved"]));
    // offset 31, size 2 reaches bit 32: MODE[31] only, unsettled.
    let w = run("s_getreg_b32 s3, hwreg(HW_REG_MODE, 31, 2)", |w| {
        w.mode = 0x8000_0000
    });
    assert_eq!((w.sgpr[3], rules(&w)), (1, vec!["gcn5.hwreg.past_bit31"]));
    // TBA: written only with PRIV (bit 5), HI holds bits 47:32.
    let w = run("s_setreg_b32 hwreg(16, 0, 32), s0", |w| w.sgpr[0] = 0x1000);
    assert_eq!((w.tba, rules(&w)), (0, vec!["gcn5.hwreg.tba_tma"]));
    let w = run("s_setreg_b32 hwreg(17, 0, 32), s0", |w| {
        w.sgpr[0] = 0xabcd_1234;
        w.status = 1 << 5;
    });
    assert_eq!(w.tba, 0x1234_0000_0000);
    let w = run("s_getreg_b32 s4, hwreg(17, 0, 32)", |w| {
        w.tba = 0xffff_ffff_ffff
    });
    assert_eq!(w.sgpr[4], 0xffff);
}

/// Fork/join following the manual's pseudocode, nested: the outer fork splits 8 lanes
/// 4/4, the inner one splits the 4 that remain 1/3.
#[test]
fn fork_and_join_nest() {
    // Outer: PC 0x100, EXEC 0xff, mask 0x0f: pass 0x0f (4), fail 0xf0 (4). 4 < 4 is
    // false, so EXEC = pass, SGPR[0..3] = {PC + 4, fail}, CSP = 1, PC = 0x100 + 4 + 5*4.
    let w = run("s_cbranch_i_fork s[10:11], 5", |w| {
        w.pc = 0x100;
        w.exec = 0xff;
        w.sgpr[10] = 0x0f;
    });
    assert_eq!((w.pc, w.exec, w.mode >> 29), (0x118, 0x0f, 1));
    assert_eq!(&w.sgpr[0..4], &[0xf0, 0, 0x104, 0]);
    assert_eq!(rules(&w), vec!["gcn5.fork.entry_layout"]);
    // Inner (G_FORK, target in s[12:13] = 0x300): EXEC 0x0f, mask 0x01: pass 0x1 (1),
    // fail 0xe (3). 3 < 1 is false: EXEC = 0x1, SGPR[4..7] = {0x11c, 0xe}, CSP = 2.
    let inner = |w: &mut Wave| {
        w.pc = 0x118;
        w.exec = 0x0f;
        w.mode = 1 << 29;
        w.sgpr[0..4].copy_from_slice(&[0xf0, 0, 0x104, 0]);
        w.sgpr[10] = 0x01;
        w.sgpr[12] = 0x300;
    };
    let w = run("s_cbranch_g_fork s[10:11], s[12:13]", inner);
    assert_eq!((w.pc, w.exec, w.mode >> 29), (0x300, 0x1, 2));
    assert_eq!(&w.sgpr[4..8], &[0xe, 0, 0x11c, 0]);
    // First inner join (saved CSP 1 in s21): CSP 2 != 1, so CSP = 1 and {PC, EXEC} =
    // SGPR[4..7]: the other inner path.
    let join = |csp: u32, saved: u32, pc: u64| {
        move |w: &mut Wave| {
            inner(w);
            w.sgpr[4..8].copy_from_slice(&[0xe, 0, 0x11c, 0]);
            w.mode = csp << 29;
            w.sgpr[21] = saved;
            w.pc = pc;
        }
    };
    let w = run("s_cbranch_join s21", join(2, 1, 0x400));
    assert_eq!((w.pc, w.exec, w.mode >> 29), (0x11c, 0xe, 1));
    // Second inner join: CSP 1 == 1: fall through, EXEC as it is.
    let w = run("s_cbranch_join s21", join(1, 1, 0x400));
    assert_eq!((w.pc, w.exec, w.mode >> 29), (0x404, 0x0f, 1));
    // First outer join (saved 0): pops SGPR[0..3]: PC 0x104, EXEC 0xf0, CSP 0.
    let w = run("s_cbranch_join s21", join(1, 0, 0x500));
    assert_eq!((w.pc, w.exec, w.mode >> 29), (0x104, 0xf0, 0));
    // Second outer join: CSP 0 == 0.
    let w = run("s_cbranch_join s21", join(0, 0, 0x500));
    assert_eq!((w.pc, w.mode >> 29), (0x504, 0));
    assert!(w.program_unsettled.is_empty());
}

#[test]
fn fork_edge_cases() {
    let fork = |exec: u64, mask: u64, csp: u32| {
        run("s_cbranch_i_fork s[10:11], 65535", move |w| {
            w.pc = 0x200;
            w.exec = exec;
            w.sgpr[10] = mask as u32;
            w.sgpr[11] = (mask >> 32) as u32;
            w.mode = csp << 29;
        })
    };
    // Target = 0x200 + 4 - 4 = 0x200 (backward offset -1).
    // Fewer lanes fail: pass 0x7f (7), fail 0x80 (1): EXEC = fail, push {target, pass},
    // PC = next.
    let w = fork(0xff, 0x7f, 0);
    assert_eq!((w.pc, w.exec, w.mode >> 29), (0x204, 0x80, 1));
    assert_eq!(&w.sgpr[0..4], &[0x7f, 0, 0x200, 0]);
    // Every active lane passes (mask beyond EXEC too): jump, no push.
    let w = fork(0xff, !0, 3);
    assert_eq!((w.pc, w.exec, w.mode >> 29), (0x200, 0xff, 3));
    assert!(w.program_unsettled.is_empty());
    // No active lane passes: fall through.
    let w = fork(0xff00, 0xff, 0);
    assert_eq!((w.pc, w.exec, w.mode >> 29), (0x204, 0xff00, 0));
    // EXEC = 0: mask_pass == EXEC holds first, so the branch is taken.
    let w = fork(0, 0, 0);
    assert_eq!(w.pc, 0x200);
    // A push at CSP 6 overflows the six-deep stack: SGPR[24..27], CSP 7, unsettled.
    let w = fork(0xff << 32, 0x0f << 32, 6);
    assert_eq!((w.exec, w.mode >> 29), (0x0f << 32, 7));
    assert_eq!(&w.sgpr[24..28], &[0, 0xf0, 0x204, 0]);
    assert!(rules(&w).contains(&"gcn5.fork.overflow"));
    // A join with CSP 0 and S0 = 3 pops an empty stack: CSP wraps to 7, SGPR[28..31].
    let w = run("s_cbranch_join s0", |w| {
        w.sgpr[0] = 3;
        w.sgpr[28..32].copy_from_slice(&[1, 2, 0x40, 0]);
    });
    assert_eq!((w.pc, w.exec, w.mode >> 29), (0x40, 0x2_0000_0001, 7));
    assert!(rules(&w).contains(&"gcn5.s_cbranch_join.empty_stack"));
}

#[test]
fn movrel_indexes_the_sgpr_file_with_m0() {
    let fill = |w: &mut Wave| {
        for (i, s) in w.sgpr.iter_mut().enumerate() {
            *s = 0x100 + i as u32;
        }
    };
    // The manual's example: m0 = 10; s_movrels_b32 s5, s7 moves s17 to s5.
    let w = run("s_movrels_b32 s5, s7", |w| {
        fill(w);
        w.m0 = 10
    });
    assert_eq!(w.sgpr[5], 0x111);
    // 7 + 95 = 102 is out of range: SGPR0's value.
    let w = run("s_movrels_b32 s5, s7", |w| {
        fill(w);
        w.m0 = 95
    });
    assert_eq!((w.sgpr[5], rules(&w)), (0x100, vec![]));
    // M0 = 0xffffffff: out of range without overflow.
    let w = run("s_movrels_b32 s5, s7", |w| {
        fill(w);
        w.m0 = u32::MAX
    });
    assert_eq!(w.sgpr[5], 0x100);
    // 64-bit: s[6:7] + 2 = s[8:9].
    let w = run("s_movrels_b64 s[4:5], s[6:7]", |w| {
        fill(w);
        w.m0 = 2
    });
    assert_eq!(&w.sgpr[4..6], &[0x108, 0x109]);
    // s[6:7] + 95 = s[101:102]: the pair crosses the end: s[0:1], unsettled.
    let w = run("s_movrels_b64 s[4:5], s[6:7]", |w| {
        fill(w);
        w.m0 = 95
    });
    assert_eq!(&w.sgpr[4..6], &[0x100, 0x101]);
    assert_eq!(rules(&w), vec!["gcn5.s_movrel.b64_edges"]);
    // Odd index: s7, s8 as they are, unsettled.
    let w = run("s_movrels_b64 s[4:5], s[6:7]", |w| {
        fill(w);
        w.m0 = 1
    });
    assert_eq!(&w.sgpr[4..6], &[0x107, 0x108]);
    assert_eq!(rules(&w), vec!["gcn5.s_movrel.b64_edges"]);
    // The manual's example: m0 = 10; s_movreld_b32 s5, s7 moves s7 to s15.
    let w = run("s_movreld_b32 s5, s7", |w| {
        fill(w);
        w.m0 = 10
    });
    assert_eq!((w.sgpr[15], w.sgpr[5]), (0x107, 0x105));
    // 5 + 97 = 102: no SGPR written.
    let mut before = Wave::default();
    fill(&mut before);
    let w = run("s_movreld_b32 s5, s7", |w| {
        fill(w);
        w.m0 = 97
    });
    assert_eq!(w.sgpr, before.sgpr);
    // MOVRELD_B64 with a literal source: s[10:11] + 4 = s[14:15].
    let w = run("s_movreld_b64 s[10:11], -2", |w| w.m0 = 4);
    assert_eq!(&w.sgpr[14..16], &[0xffff_fffe, 0xffff_ffff]);
    // A non-SGPR field: plain with M0 = 0, out of range otherwise.
    let w = run("s_movrels_b32 s5, vcc_lo", |w| w.vcc = 0x77);
    assert_eq!(w.sgpr[5], 0x77);
    let w = run("s_movrels_b32 s5, vcc_lo", |w| {
        fill(w);
        w.vcc = 0x77;
        w.m0 = 1;
    });
    assert_eq!(
        (w.sgpr[5], rules(&w)),
        (0x100, vec!["gcn5.s_movrel.non_sgpr"])
    );
}

#[test]
fn gpr_index_mode_and_vskip() {
    // M0 = 0xffff_ffff, S0 = 0x1234_5678: M0[7:0] = 0x78, M0[15:12] = 0b1001 (SRC0, DST),
    // M0[11:8] and M0[31:16] unchanged: 0xffff_9f78.
    let w = run("s_set_gpr_idx_on s2, gpr_idx(SRC0,DST)", |w| {
        w.m0 = u32::MAX;
        w.sgpr[2] = 0x1234_5678;
    });
    assert_eq!((w.m0, w.mode), (0xffff_9f78, 1 << 27));
    let w = run("s_set_gpr_idx_off", |w| {
        w.m0 = 0x9f78;
        w.mode = 0xffff_ffff;
    });
    assert_eq!((w.m0, w.mode), (0x9f78, !(1 << 27)));
    // M0[15:12] = SIMM16[3:0] = 0b0110.
    let w = run("s_set_gpr_idx_mode gpr_idx(SRC1,SRC2)", |w| w.m0 = 0xf0ff);
    assert_eq!(w.m0, 0x60ff);
    // VSKIP = S0[S1[4:0]]: bit 5 of 0x20 is 1; 37 & 31 = 5 as well; bit 4 is 0.
    let vskip = |s1: u32| {
        run("s_setvskip s0, s1", move |w| {
            w.sgpr[0] = 0x20;
            w.sgpr[1] = s1;
            w.mode = 0x10;
        })
        .mode
    };
    assert_eq!(vskip(5), 0x10 | 1 << 28);
    assert_eq!(vskip(37), 0x10 | 1 << 28);
    assert_eq!(vskip(4), 0x10);
}

#[test]
fn state_and_events() {
    let w = run("s_endpgm", |w| {
        w.pc = 0x40;
        w.status = 1 << 16;
    });
    assert!(w.ended);
    assert_eq!((w.status, w.pc, w.events.len()), (0, 0x44, 1));
    let w = run("s_waitcnt vmcnt(0) lgkmcnt(0)", at(0x40));
    assert_eq!(w.pc, 0x44);
    assert_eq!(w.events[0].name, "S_WAITCNT");
    // vmcnt 0, expcnt 7 (unchanged default), lgkmcnt 0: SIMM16 = 0x0070.
    assert_eq!(w.events[0].simm16, 0x0070);
    let w = run("s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP)", |w| {
        w.m0 = 9;
        w.exec = 3;
    });
    assert_eq!((w.events[0].m0, w.events[0].exec), (Some(9), Some(3)));
    assert_eq!(w.status, 0);
    let w = run("s_sendmsghalt sendmsg(MSG_GS_DONE, GS_OP_NOP)", |_| {});
    assert_eq!(w.status, 1 << 13);
    let w = run("s_sethalt 1", |_| {});
    assert_eq!(w.status, 1 << 13);
    let w = run("s_sethalt 0", |w| w.status = !0);
    assert_eq!(w.status, !(1 << 13));
    // WAVE_PRIO = STATUS[4:3].
    let w = run("s_setprio 3", |_| {});
    assert_eq!(w.status, 0x18);
    let w = run("s_nop 7", at(8));
    assert_eq!((w.pc, w.events[0].simm16), (12, 7));
    for asm in [
        "s_barrier",
        "s_sleep 2",
        "s_wakeup",
        "s_icache_inv",
        "s_setkill 1",
    ] {
        let w = run(asm, at(0));
        assert_eq!((w.pc, w.events.len()), (4, 1), "{asm}");
    }
}

#[test]
fn trap_and_return() {
    // TRAP_EN = 0: a NOP (recorded).
    let w = run("s_trap 42", at(0x10));
    assert_eq!((w.pc, w.ttmp[0], w.status), (0x14, 0, 0));
    // TRAP_EN = 1: TTMP0 = PC[31:0], TTMP1 = {TrapID 42 at [23:16], PC[47:32]},
    // PC = TBA, PRIV = 1.
    let w = run("s_trap 42", |w| {
        w.pc = 0x1234_5678_9abc;
        w.tba = 0x4000;
        w.status = 1 << 6;
    });
    assert_eq!((w.ttmp[0], w.ttmp[1]), (0x5678_9abc, 0x002a_1234));
    assert_eq!((w.pc, w.status), (0x4000, (1 << 6) | (1 << 5)));
    // RFE: PC = S0, PRIV = 0.
    let w = run("s_rfe_b64 s[0:1]", |w| {
        w.sgpr[0] = 0x9ac0;
        w.sgpr[1] = 0x1234;
        w.status = (1 << 6) | (1 << 5);
    });
    assert_eq!((w.pc, w.status), (0x1234_0000_9ac0, 1 << 6));
    assert!(w.program_unsettled.is_empty());
    // Outside a trap handler: unsettled.
    let w = run("s_rfe_b64 s[0:1]", |w| w.sgpr[0] = 8);
    assert_eq!((w.pc, rules(&w)), (8, vec!["gcn5.s_rfe.outside_trap"]));
    // RFE_RESTORE ignores S1.
    let w = run("s_rfe_restore_b64 s[0:1], s2", |w| {
        w.sgpr[0] = 0x80;
        w.sgpr[2] = !0;
        w.status = 1 << 5;
    });
    assert_eq!((w.pc, w.status), (0x80, 0));
}

/// A MODE field written by S_SETREG governs the next VALU instruction: 1.0 + 1.5 * 2^-24
/// is 1 + 0.75 ulp (ulp = 2^-23 at 1.0): nearest-even gives 0x3f800001, toward zero
/// (FP_ROUND[1:0] = 3) gives 0x3f800000.
#[test]
fn setreg_mode_changes_the_next_valu_instruction() {
    for t in Target::ALL {
        let add = parse(t, "v_add_f32_e32 v0, v1, v2").expect("parses");
        let setreg = parse(t, "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 2), 3").expect("parses");
        let mut w = Wave {
            exec: 1,
            mode: 0xf0, // denormals kept, round to nearest even
            ..Wave::default()
        };
        w.vgpr[1][0] = 0x3f80_0000;
        w.vgpr[2][0] = 0x33c0_0000;
        crate::exec::execute(&mut w, &add).expect("runs");
        assert_eq!(w.vgpr[0][0], 0x3f80_0001);
        crate::exec::execute(&mut w, &setreg).expect("runs");
        assert_eq!(w.mode, 0xf3);
        crate::exec::execute(&mut w, &add).expect("runs");
        assert_eq!(w.vgpr[0][0], 0x3f80_0000);
    }
}
