//! What the vector kernel tests share: calling a row's kernel as the executor finds it, and
//! the MODE values the tests name.

use super::{kernel, LaneCtx, LaneIn, LaneOut};
use crate::alu::mode::Mode;

/// MODE: round to nearest even everywhere, keep every denormal.
pub const KEEP: u32 = 0xf0;
/// MODE.IEEE.
pub const IEEE: u32 = 1 << 9;
/// MODE.FP16_OVFL.
pub const OVFL: u32 = 1 << 23;

/// Run the kernel of row `name` (any family's table) on one lane.
pub fn call(name: &str, x: LaneIn, mode: u32, clamp: bool) -> LaneOut {
    let k = kernel(name).unwrap_or_else(|| panic!("no kernel {name}"));
    (k.kernel)(
        &x,
        &LaneCtx {
            mode: Mode(mode),
            clamp,
        },
    )
}

/// The sources of a lane (the rest default).
pub fn srcs(s: [u64; 3]) -> LaneIn {
    LaneIn {
        s0: s[0],
        s1: s[1],
        s2: s[2],
        ..LaneIn::default()
    }
}
