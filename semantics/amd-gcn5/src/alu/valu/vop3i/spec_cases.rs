//! The manual's worked example for this family, typed by hand ("VOP3A & VOP3B
//! Instructions", V_MBCNT_HI_U32_B32: "Example to compute each thread's position in 0..63:
//! v_mbcnt_lo_u32_b32 v0, -1, 0 v_mbcnt_hi_u32_b32 v0, -1, v0 // v0 now contains
//! ThreadPosition"), run through parse → execute on every lane of both targets.

use crate::exec::execute;
use crate::formats::parse;
use crate::target::Target;
use crate::wave::Wave;

#[test]
fn mbcnt_computes_the_thread_position() {
    for t in Target::ALL {
        let mut w = Wave {
            exec: u64::MAX,
            ..Wave::default()
        };
        w.vgpr[0] = [0xdead_beef; 64];
        for asm in [
            "v_mbcnt_lo_u32_b32 v0, -1, 0",
            "v_mbcnt_hi_u32_b32 v0, -1, v0",
        ] {
            let inst = parse(t, asm).unwrap_or_else(|e| panic!("{asm}: {e}"));
            execute(&mut w, &inst).unwrap_or_else(|e| panic!("{asm}: {e}"));
        }
        for lane in 0..64 {
            assert_eq!(w.vgpr[0][lane], lane as u32, "{t:?} lane {lane}");
        }
    }
}
