//! `gpuref eval` end to end for the MIMG rows (docs/design/0034): the T# in eight SGPRs
//! (`s8=.. .. s15=..`), memory in `mem[ADDR:N]=..`, changed memory printed as
//! `mem[ADDR:N]=..`; the sampling rows and EXP are exempt and say so. Expected values are
//! worked out by hand from the Vega manual in the comments.

mod common;
use common::{eval, eval_ok as ok};

/// A 1D linear T# at byte 0x2000 ("base address" 39:0 = 0x2000 >> 8 = 0x20), width 16
/// (77:64 = 15), pitch 16 (156:141: s12 = 16 << 13 = 0x20000), type 8 (1d) with the
/// identity dst_sel 0xfac in s11 (0x8000_0fac); s9 holds data format << 20 | num format
/// << 26.
fn tsharp(s9: &'static str) -> [&'static str; 8] {
    [
        "s8=0x20",
        s9,
        "s10=0xf",
        "s11=0x80000fac",
        "s12=0x20000",
        "s13=0",
        "s14=0",
        "s15=0",
    ]
}

/// 8_8_8_8 (data format 10) UNORM (0): 10 << 20 = 0xa00000.
const RGBA8_UNORM: &str = "s9=0xa00000";
/// 8_8_8_8 UINT (4): 0xa00000 | 4 << 26 = 0x10a00000.
const RGBA8_UINT: &str = "s9=0x10a00000";
/// 32 (data format 4) UINT: 4 << 20 | 4 << 26 = 0x10400000.
const R32_UINT: &str = "s9=0x10400000";

fn with<'a>(t: [&'a str; 8], rest: &[&'a str]) -> Vec<&'a str> {
    let mut v = t.to_vec();
    v.extend_from_slice(rest);
    v
}

#[test]
fn image_load_converts_and_returns_the_dmask_components() {
    // x = 2: element at 0x2000 + 2 * 4; bytes R=0xff G=0 B=0xff A=0; UNORM 255/255 = 1.0;
    // DMASK 0x9 returns R to v1 and A (0.0) to v2 (which held 7).
    let mut args = vec!["image_load v[1:2], v0, s[8:15] dmask:0x9"];
    args.extend(with(
        tsharp(RGBA8_UNORM),
        &["v0=2", "v2=7", "exec=1", "mem[0x2008:4]=0x00ff00ff"],
    ));
    assert_eq!(ok("gfx900", &args), "v1[0]=0x3f800000\nv2[0]=0x0\n");
}

#[test]
fn image_store_writes_the_whole_element() {
    // DMASK 0x9: R = v1, A = v2, G = B = 0 over 0xffffffff at x = 1 (0x2004).
    let mut args = vec!["image_store v[1:2], v0, s[8:15] dmask:0x9 unorm"];
    args.extend(with(
        tsharp(RGBA8_UINT),
        &[
            "v0=1",
            "v1=0x11",
            "v2=0x44",
            "exec=1",
            "mem[0x2004:4]=0xffffffff",
        ],
    ));
    assert_eq!(ok("gfx908", &args), "mem[0x2004:4]=0x44000011\n");
}

#[test]
fn image_atomic_cmpswap_returns_the_old_value() {
    // src = v1 = 9, cmp = v2 = 5 equal to memory 5: memory becomes 9, v1 gets 5.
    let mut args = vec!["image_atomic_cmpswap v[1:2], v0, s[8:15] dmask:0x3 unorm glc"];
    args.extend(with(
        tsharp(R32_UINT),
        &["v0=0", "v1=9", "v2=5", "exec=1", "mem[0x2000:4]=5"],
    ));
    assert_eq!(ok("gfx900", &args), "v1[0]=0x5\nmem[0x2000:1]=0x9\n");
}

#[test]
fn out_of_range_load_says_what_it_accepts() {
    // x = 16 > width - 1 = 15: 0, accepting any value.
    let mut args = vec!["image_load v1, v0, s[8:15] dmask:0x1"];
    args.extend(with(tsharp(R32_UINT), &["v0=16", "v1=0x55", "exec=1"]));
    assert_eq!(
        ok("gfx900", &args),
        "v1[0]=0x0 (accepts any value, rule gcn5.image.out_of_range)\n"
    );
}

#[test]
fn sampling_rows_and_exports_are_exempt_with_a_reason() {
    let o = eval(
        "gfx900",
        &["image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf"],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("sampling is out of scope"));
    let o = eval("gfx908", &["exp mrt0 v0, v0, v0, v0"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("exports write"));
    let o = eval(
        "gfx900",
        &["image_load v1, v0, s[8:15] dmask:0x1", "s11=0x80100fac"],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("gcn5.image.layout"));
}
