//! Addresses, the range check and the rows that access LDS: reads, writes, the two-address
//! rows, the atomics, the SRC2 atomics, the ADDTID rows and DS_APPEND/DS_CONSUME.
//!
//! Vega "Data Share Indexed and Atomic Access": `LDS_Addr = LDS_BASE + VGPR[ADDR] +
//! {InstrOffset1,InstrOffset0}`, or `+ InstrOffsetN*ADJ` for the two-address rows; the
//! wave's LDS starts at LDS_BASE, so gpuref's addresses are offsets into [`Wave::lds`],
//! whose length is the allocation size.

use super::atomic::apply;
use super::rows::{Atom, Half, Op};
use super::{id, set_vgprs, unsettle, vgpr, vgprs};
use crate::formats::ds::Ds;
use crate::target::Target;
use crate::wave::{Wave, LANES};
use std::cell::Cell;

/// The bytes an instruction may access: `[0, limit)` of LDS, or of the wave's GDS window
/// at `base`.
pub(super) struct Window {
    limit: u64,
    /// The limit under the other reading of M0 (M0[15:0], rule `gcn5.ds.m0_width`) when it
    /// differs.
    alt: Option<u64>,
    /// gfx900: an access at exactly `limit` is contested (rule `gcn5.ds.range_check`).
    vega: bool,
    /// GDS = 1: addresses are offsets from `base` in [`Wave::gds`].
    gds: bool,
    base: u64,
    /// A GDS access was out of range (a memory violation, rule `gcn5.ds.gds`).
    viol: Cell<bool>,
}

/// Whether `n` bytes at `addr` are accessed (in range), and the rule that leaves that
/// open (returned values accept any value).
type Check = (bool, Option<&'static str>);

impl Window {
    /// The window of the rows that M0 limits (MIN(LDS size, M0)), of the rows that use M0
    /// as a base (the LDS size alone), or of a GDS access (M0 = {base, size}).
    pub(super) fn of(wave: &Wave, m0_limits: bool, gds: bool) -> Window {
        let mut w = Window {
            limit: wave.lds.len() as u64,
            alt: None,
            vega: wave.target == Target::Gfx900,
            gds,
            base: 0,
            viol: Cell::new(false),
        };
        if gds {
            // { base[15:0], size[15:0] }: base in M0[31:16], size in M0[15:0].
            w.base = u64::from(wave.m0 >> 16);
            let room = (wave.gds.len() as u64).saturating_sub(w.base);
            w.limit = u64::from(wave.m0 & 0xffff).min(room);
            w.vega = false;
        } else if m0_limits {
            let size = w.limit;
            w.limit = size.min(u64::from(wave.m0));
            let lo = size.min(u64::from(wave.m0 & 0xffff));
            w.alt = (lo != w.limit).then_some(lo);
        }
        w
    }

    fn check(&self, addr: u64, n: u64) -> Check {
        let (ok, why) = range(self.limit, addr, n, self.vega);
        if self.gds && !ok {
            self.viol.set(true);
        }
        if why.is_some() {
            return (ok, why);
        }
        if let Some(alt) = self.alt {
            if range(alt, addr, n, self.vega).0 != ok {
                return (ok, Some(id::M0_WIDTH));
            }
        }
        if ok && !addr.is_multiple_of(n.next_power_of_two().min(16)) {
            return (ok, Some(id::ALIGN));
        }
        (ok, None)
    }

    /// Whether a GDS access was out of range.
    pub(super) fn violated(&self) -> bool {
        self.viol.get()
    }

    /// The memory the window addresses.
    fn mem<'a>(&self, wave: &'a Wave) -> &'a [u8] {
        if self.gds {
            &wave.gds
        } else {
            &wave.lds
        }
    }

    fn mem_mut<'a>(&self, wave: &'a mut Wave) -> &'a mut [u8] {
        if self.gds {
            &mut wave.gds
        } else {
            &mut wave.lds
        }
    }
}

/// The range check of `n` bytes at `addr` against `[0, limit)` (rules
/// `gcn5.ds.range_check`, `gcn5.ds.range_straddle`, `gcn5.ds.address_wrap`).
fn range(limit: u64, addr: u64, n: u64, vega: bool) -> Check {
    if addr > u64::from(u32::MAX) {
        let wrapped = addr & 0xffff_ffff;
        return (false, (wrapped + n <= limit).then_some(id::WRAP));
    }
    if addr + n <= limit {
        (true, None)
    } else if addr < limit {
        (false, Some(id::STRADDLE))
    } else if vega && addr == limit {
        (false, Some(id::RANGE))
    } else {
        (false, None)
    }
}

/// `n` bytes at `addr` of the window, little-endian (the caller checked the range;
/// bytes past the memory read 0).
fn load(wave: &Wave, win: &Window, addr: u64, n: u64) -> u128 {
    let mem = win.mem(wave);
    (0..n).fold(0, |v, i| {
        let b = usize::try_from(win.base + addr + i)
            .ok()
            .and_then(|a| mem.get(a))
            .copied()
            .unwrap_or(0);
        v | u128::from(b) << (8 * i)
    })
}

/// Write the low `n` bytes of `v` at `addr` of the window.
fn store(wave: &mut Wave, win: &Window, addr: u64, n: u64, v: u128) {
    let base = win.base;
    let mem = win.mem_mut(wave);
    for i in 0..n {
        if let Some(b) = usize::try_from(base + addr + i)
            .ok()
            .and_then(|a| mem.get_mut(a))
        {
            *b = (v >> (8 * i)) as u8;
        }
    }
}

/// Read `n` bytes if the check passed, else 0 (rule `gcn5.ds.out_of_range`).
fn read_if(wave: &Wave, win: &Window, c: Check, addr: u64, n: u64) -> u128 {
    if c.0 {
        load(wave, win, addr, n)
    } else {
        0
    }
}

/// Dwords of `bytes` bytes of data.
fn dwords(bytes: u8) -> u8 {
    bytes.div_ceil(4)
}

/// Sign-extend the low `bits` bits of `v`.
fn sext(v: u128, bits: u32) -> u128 {
    let s = 128 - bits;
    ((v << s) as i128 >> s) as u128
}

/// The lanes accessing LDS: active, in lane order.
fn lanes(wave: &Wave) -> impl Iterator<Item = usize> {
    let exec = wave.exec;
    (0..LANES).filter(move |l| (exec >> l) & 1 == 1)
}

/// An atomic's access by one lane, to find lanes that touch the same bytes.
struct Touch {
    lane: usize,
    addr: u64,
    n: u64,
}

/// Mark the returned values of lanes whose bytes another lane also accessed (rule
/// `gcn5.ds.lane_order`).
fn mark_collisions(wave: &mut Wave, touches: &[Touch], vdst: u8, ret_dwords: u8) {
    for t in touches {
        let shared = touches
            .iter()
            .any(|u| u.lane != t.lane && u.addr < t.addr + t.n && t.addr < u.addr + u.n);
        if shared {
            unsettle(wave, vdst, ret_dwords, t.lane, 0, id::ORDER);
        }
    }
}

/// Execute a row that accesses LDS (or GDS, with GDS = 1); a GDS access out of range sets
/// TRAPSTS.EXCP bit 8, memory violation (rule `gcn5.ds.gds`).
pub fn run(wave: &mut Wave, d: &Ds, op: Op) {
    let m0_limits = !matches!(op, Op::ReadAddTid | Op::WriteAddTid | Op::Append { .. });
    let win = Window::of(wave, m0_limits, d.gds);
    body(wave, d, op, &win);
    if win.violated() {
        wave.trapsts |= MEM_VIOL;
    }
}

/// TRAPSTS.EXCP bit 8, "memory violation" (Vega "Trap Status register").
pub const MEM_VIOL: u32 = 1 << 8;

fn body(wave: &mut Wave, d: &Ds, op: Op, win: &Window) {
    let base = |w: &Wave, lane: usize| u64::from(vgpr(w, d.addr, 0, lane));
    let off = u64::from(d.offset16());
    let lane_list: Vec<usize> = lanes(wave).collect();
    match op {
        Op::Read {
            bytes,
            signed,
            half,
        } => {
            for &l in &lane_list {
                let a = base(wave, l) + off;
                let c = win.check(a, u64::from(bytes));
                read_one(
                    wave,
                    d.vdst,
                    l,
                    c,
                    read_if(wave, win, c, a, u64::from(bytes)),
                    bytes,
                    signed,
                    half,
                );
            }
        }
        Op::Write { bytes, hi } => {
            for &l in &lane_list {
                let a = base(wave, l) + off;
                let mut v = vgprs(wave, d.data0, dwords(bytes), l);
                if hi {
                    v >>= 16;
                }
                if win.check(a, u64::from(bytes)).0 {
                    store(wave, win, a, u64::from(bytes), v);
                }
            }
        }
        Op::Two {
            wide,
            st64,
            write,
            ret,
        } => two(wave, d, win, &lane_list, wide, st64, write, ret),
        Op::Atomic { atom, wide, ret } => {
            let (n, ew) = if wide { (8, 2) } else { (4, 1) };
            let mut touches = Vec::new();
            for &l in &lane_list {
                let a = base(wave, l) + off;
                let c = win.check(a, n);
                let tmp = read_if(wave, win, c, a, n) as u64;
                if c.0 {
                    let d0 = vgprs(wave, d.data0, ew, l) as u64;
                    let d1 = vgprs(wave, d.data1, ew, l) as u64;
                    store(wave, win, a, n, u128::from(apply(atom, wide, tmp, d0, d1)));
                    touches.push(Touch {
                        lane: l,
                        addr: a,
                        n,
                    });
                }
                if ret {
                    set_vgprs(wave, d.vdst, ew, l, u128::from(tmp));
                    if let Some(why) = c.1 {
                        unsettle(wave, d.vdst, ew, l, 0, why);
                    }
                }
            }
            if ret {
                mark_collisions(wave, &touches, d.vdst, ew);
            }
        }
        Op::Src2 { atom, wide } => {
            for &l in &lane_list {
                src2(wave, d, win, l, atom, wide);
            }
        }
        Op::ReadAddTid | Op::WriteAddTid => {
            for &l in &lane_list {
                let a = off + u64::from(wave.m0 & 0xffff) + 4 * l as u64;
                let c = win.check(a, 4);
                if op == Op::WriteAddTid {
                    if c.0 {
                        store(wave, win, a, 4, u128::from(vgpr(wave, d.data0, 0, l)));
                    }
                } else {
                    read_one(
                        wave,
                        d.vdst,
                        l,
                        c,
                        read_if(wave, win, c, a, 4),
                        4,
                        false,
                        Half::Full,
                    );
                }
            }
        }
        Op::Append { add } => {
            // LDS: M0[15:0] is the base (rule gcn5.ds.append); GDS: the window's base.
            let a = if win.gds {
                off
            } else {
                u64::from(wave.m0 & 0xffff) + off
            };
            let c = win.check(a, 4);
            let tmp = read_if(wave, win, c, a, 4) as u32;
            let n = wave.exec.count_ones();
            if c.0 {
                let new = if add {
                    tmp.wrapping_add(n)
                } else {
                    tmp.wrapping_sub(n)
                };
                store(wave, win, a, 4, u128::from(new));
            }
            for &l in &lane_list {
                set_vgprs(wave, d.vdst, 1, l, u128::from(tmp));
                if let Some(why) = c.1 {
                    unsettle(wave, d.vdst, 1, l, 0, why);
                }
            }
        }
        Op::Nop | Op::Swizzle | Op::Permute | Op::Bpermute => {}
    }
}

/// Write one lane's read result `raw` (`bytes` bytes) to VDST, extended or placed in a
/// half as the row says (rule `gcn5.ds.d16`).
#[allow(clippy::too_many_arguments)]
fn read_one(
    wave: &mut Wave,
    vdst: u8,
    l: usize,
    c: Check,
    raw: u128,
    bytes: u8,
    signed: bool,
    half: Half,
) {
    let bits = 8 * u32::from(bytes);
    let (value, n, settled) = match half {
        Half::Full => {
            let v = if signed {
                sext(raw, bits) & 0xffff_ffff
            } else {
                raw
            };
            (v, dwords(bytes), 0)
        }
        Half::Lo | Half::Hi => {
            let v16 = if signed {
                sext(raw, bits) & 0xffff
            } else {
                raw & 0xffff
            };
            let old = u128::from(vgpr(wave, vdst, 0, l));
            if half == Half::Lo {
                ((old & 0xffff_0000) | v16, 1, 0xffff_0000)
            } else {
                ((old & 0xffff) | v16 << 16, 1, 0xffff)
            }
        }
    };
    set_vgprs(wave, vdst, n, l, value);
    if let Some(why) = c.1 {
        unsettle(wave, vdst, n, l, settled, why);
    }
}

/// READ2, WRITE2 and WRXCHG2 (and the ST64 forms) for every active lane.
#[allow(clippy::too_many_arguments)]
fn two(
    wave: &mut Wave,
    d: &Ds,
    win: &Window,
    lanes: &[usize],
    wide: bool,
    st64: bool,
    write: bool,
    ret: bool,
) {
    let (n, ew) = if wide { (8u64, 2u8) } else { (4, 1) };
    let scale = n * if st64 { 64 } else { 1 };
    let same = d.offset0 == d.offset1;
    let mut touches = Vec::new();
    for &l in lanes {
        let base = u64::from(vgpr(wave, d.addr, 0, l));
        let a = [
            base + u64::from(d.offset0) * scale,
            base + u64::from(d.offset1) * scale,
        ];
        let c = [win.check(a[0], n), win.check(a[1], n)];
        let data = [vgprs(wave, d.data0, ew, l), vgprs(wave, d.data1, ew, l)];
        let mut old = [0u128; 2];
        for k in 0..2 {
            // Equal offsets: one access, with DATA0 (rule gcn5.ds.two_address_same_offset).
            if k == 1 && same && write {
                old[1] = old[0];
                break;
            }
            old[k] = read_if(wave, win, c[k], a[k], n);
            if write && c[k].0 {
                store(wave, win, a[k], n, data[k]);
                touches.push(Touch {
                    lane: l,
                    addr: a[k],
                    n,
                });
            }
        }
        if ret {
            set_vgprs(wave, d.vdst, 2 * ew, l, old[0] | old[1] << (8 * n));
            for k in 0..2u8 {
                let why = if write && same {
                    Some(id::SAME_OFFSET)
                } else {
                    c[usize::from(k)].1
                };
                if let Some(why) = why {
                    unsettle(wave, d.vdst.wrapping_add(k * ew), ew, l, 0, why);
                }
            }
        }
    }
    if write && ret {
        mark_collisions(wave, &touches, d.vdst, 2 * ew);
    }
}

/// One lane of a SRC2 row (rule `gcn5.ds.src2_address`): MEM[A] = op(MEM[A], MEM[B]).
fn src2(wave: &mut Wave, d: &Ds, win: &Window, l: usize, atom: Atom, wide: bool) {
    let v = vgpr(wave, d.addr, 0, l);
    let sx15 = |x: u32| i64::from(((x << 17) as i32) >> 17);
    let (a, off) = if d.offset1 & 0x80 != 0 {
        (u64::from(v & 0x1_ffff), sx15(v >> 17))
    } else {
        (u64::from(v), sx15(u32::from(d.offset16() & 0x7fff)))
    };
    let n = if wide { 8 } else { 4 };
    let b = i64::try_from(a).unwrap_or(i64::MAX).saturating_add(4 * off);
    let cb = match u64::try_from(b) {
        Ok(b) => (b, win.check(b, n)),
        Err(_) => (0, (false, None)),
    };
    let ca = win.check(a, n);
    if !ca.0 {
        return;
    }
    let src = read_if(wave, win, cb.1, cb.0, n) as u64;
    let tmp = load(wave, win, a, n) as u64;
    store(wave, win, a, n, u128::from(apply(atom, wide, tmp, src, 0)));
}
