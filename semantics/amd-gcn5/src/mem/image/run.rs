//! One image instruction over the wave's lanes.

use super::tdesc::{coord, place, Coord, Dim, Place, TDesc};
use super::{id, pending, Op};
use crate::error::ExecError;
use crate::formats::mimg::Mimg;
use crate::mem::atomic::{apply, Op as Atomic};
use crate::mem::buffer::format::{self, Conv, Layout, Loose};
use crate::mem::buffer::{accept_of, descriptor_words, lanes, unsettled_lane};
use crate::wave::{UnsettledLane, UnsettledMem, Wave};
use gpuref_core::open::Accept;

/// The state of one instruction's execution.
pub(super) struct Run<'w> {
    wave: &'w mut Wave,
    name: &'static str,
    m: Mimg,
    d: TDesc,
    /// The T#'s dimension (`None` for IMAGE_GET_RESINFO of a type without one).
    dim: Option<Dim>,
    unsettled: Vec<UnsettledLane>,
    mem: Vec<UnsettledMem>,
}

const EXACT0: Conv = Conv {
    bits: 0,
    loose: Loose::Exact,
};

impl<'w> Run<'w> {
    pub(super) fn new(
        wave: &'w mut Wave,
        name: &'static str,
        m: Mimg,
        op: Op,
    ) -> Result<Self, ExecError> {
        let d = TDesc::decode(descriptor_words::<8>(wave, m.srsrc));
        let dim = match (d.dim(), op) {
            (Ok(dim), _) => Some(dim),
            (Err(_), Op::ResInfo) => None,
            (Err(why), _) => return Err(pending(name, why)),
        };
        if op != Op::ResInfo {
            if d.tiling_index != 0 {
                return Err(pending(
                    name,
                    "a T# tiling index other than 0: the tiled layouts are not in the manual \
                     (rule gcn5.image.layout)",
                ));
            }
            if d.compression {
                return Err(pending(
                    name,
                    "a T# with compression enabled (DCC): the compressed layout is not in the \
                     manual (rule gcn5.image.layout)",
                ));
            }
        }
        Ok(Run {
            wave,
            name,
            m,
            d,
            dim,
            unsettled: Vec::new(),
            mem: Vec::new(),
        })
    }

    pub(super) fn finish(self) -> (Vec<UnsettledLane>, Vec<UnsettledMem>) {
        (self.unsettled, self.mem)
    }

    fn vgpr(&self, reg: usize, lane: usize) -> u32 {
        self.wave.vgpr.get(reg).map_or(0, |r| r[lane])
    }

    fn set_vgpr(&mut self, reg: usize, lane: usize, v: u32) {
        if let Some(r) = self.wave.vgpr.get_mut(reg) {
            r[lane] = v;
        }
    }

    /// Mark `reg` of `lane` unsettled; two masks on one register keep only the bits both
    /// settle.
    fn loosen(&mut self, reg: usize, lane: usize, accept: Accept, rule: &'static str) {
        if reg > 255 {
            return;
        }
        let old = self
            .unsettled
            .iter_mut()
            .find(|u| usize::from(u.vdst) == reg && usize::from(u.lane) == lane);
        match (old, accept) {
            (Some(u), Accept::Mask(b)) => {
                if let Accept::Mask(a) = u.why.accept {
                    u.why.accept = Accept::Mask(a & b);
                } else {
                    u.why.accept = Accept::Mask(b);
                }
                u.why.rule = rule;
            }
            (Some(_), _) => {}
            (None, _) => self
                .unsettled
                .push(unsettled_lane(reg as u8, lane, accept, rule)),
        }
    }

    fn mark_mem(&mut self, addr: u64, bytes: u32, rule: &'static str) {
        self.mem.push(UnsettledMem {
            lds: false,
            addr,
            bytes,
            rule,
        });
    }

    fn dim(&self) -> Dim {
        self.dim.unwrap_or(Dim::D1)
    }

    fn coord(&self, lane: usize, mip: bool) -> Coord {
        let va = usize::from(self.m.vaddr);
        coord(self.dim(), self.m.da, mip, self.m.a16, &|i| {
            self.vgpr(va + i, lane)
        })
    }

    fn level(&self, c: &Coord) -> u32 {
        u32::from(self.d.base_level).saturating_add(c.mip)
    }

    /// The data format's layout (codes 1..=14, rule gcn5.image.format).
    fn layout(&self) -> Result<Layout, ExecError> {
        if !(1..=14).contains(&self.d.data_format) {
            return Err(pending(
                self.name,
                "a T# data format outside the buffer codes 1..=14 (image-only formats are a \
                 figure in the manual; 0 is INVALID): rule gcn5.image.format",
            ));
        }
        format::layout(self.d.data_format).map_err(|r| pending(self.name, r))
    }

    /// The layout and numeric format of a converting row, checked.
    fn converting(&self) -> Result<Layout, ExecError> {
        self.layout()?;
        if self.d.num_format > 7 {
            return Err(pending(
                self.name,
                "a T# num format 8..=15 is not in the manual's NFMT table (rule \
                 gcn5.image.format)",
            ));
        }
        format::check_format(self.d.data_format, self.d.num_format)
            .map_err(|r| pending(self.name, r))
    }

    fn place_of(&self, c: &Coord, l: &Layout) -> Place {
        place(&self.d, self.dim(), c, self.level(c), bpe(l))
    }

    /// The raw components of the element at `p` (zeros when out of range).
    fn fetch(&self, p: Place, l: &Layout) -> [u32; 4] {
        let mut f = [0u32; 4];
        let (Place::At(at) | Place::Chosen(at)) = p else {
            return f;
        };
        if l.packed {
            let dw = self.wave.mem.read(at, 4) as u32;
            for (i, x) in f.iter_mut().enumerate().take(l.n as usize) {
                *x = (dw >> l.shift[i]) & mask(l.width[i]);
            }
        } else {
            let bytes = l.width[0] / 8;
            for (i, x) in f.iter_mut().enumerate().take(l.n as usize) {
                *x = self.wave.mem.read(at + i as u64 * u64::from(bytes), bytes) as u32;
            }
        }
        f
    }

    /// Write the element `v` (raw component bits) at `p`.
    fn put(&mut self, at: u64, l: &Layout, v: [u32; 4]) {
        if l.packed {
            let mut dw = 0u32;
            for (i, x) in v.iter().enumerate().take(l.n as usize) {
                dw |= (x & mask(l.width[i])) << l.shift[i];
            }
            self.wave.mem.write(at, 4, u64::from(dw));
        } else {
            let bytes = l.width[0] / 8;
            for (i, x) in v.iter().enumerate().take(l.n as usize) {
                self.wave
                    .mem
                    .write(at + i as u64 * u64::from(bytes), bytes, u64::from(*x));
            }
        }
    }

    /// The VGPR and half (`None`: the whole dword) of the `j`th enabled component.
    fn slot(&self, j: usize) -> (usize, Option<u32>) {
        let vd = usize::from(self.m.vdata);
        if self.m.d16 {
            (vd + j / 2, Some(16 * (j as u32 % 2)))
        } else {
            (vd + j, None)
        }
    }

    /// Write the `j`th enabled component `c` of `lane`; `loose`: the place's rule.
    fn give(&mut self, lane: usize, j: usize, c: Conv, loose: Option<&'static str>) {
        let (reg, shift) = self.slot(j);
        let old = self.vgpr(reg, lane);
        let new = match shift {
            None => c.bits,
            Some(s) => (old & !(0xffff << s)) | ((c.bits & 0xffff) << s),
        };
        self.set_vgpr(reg, lane, new);
        let kept = shift.map_or(0, |s| u64::from(!(0xffffu32 << s)));
        if let Some(rule) = loose {
            self.loosen(reg, lane, Accept::Mask(kept), rule);
        } else if let Some(acc) = accept_of(c, shift) {
            self.loosen(reg, lane, acc, "gcn5.buffer.format.rounding");
        }
    }

    /// After a load's data: DMASK 0 and TFE (rules gcn5.image.dmask_zero, gcn5.image.tfe).
    fn tail(&mut self, lane: usize) {
        let n = (self.m.dmask & 0xf).count_ones() as usize;
        if n == 0 {
            self.loosen(usize::from(self.m.vdata), lane, Accept::Mask(0), id::DMASK0);
        }
        if self.m.tfe {
            let n = n.max(1);
            let dwords = if self.m.d16 { n.div_ceil(2) } else { n };
            let reg = usize::from(self.m.vdata) + dwords;
            self.set_vgpr(reg, lane, 0);
            self.loosen(reg, lane, Accept::Mask(0), id::TFE);
        }
    }

    fn enabled(&self) -> impl Iterator<Item = usize> {
        let dm = self.m.dmask;
        (0..4).filter(move |k| dm >> k & 1 == 1)
    }

    pub(super) fn load(&mut self, mip: bool, pck: Option<bool>) -> Result<(), ExecError> {
        let l = match pck {
            Some(_) => self.layout()?,
            None => self.converting()?,
        };
        let nfmt = self.d.num_format;
        for lane in lanes(self.wave.exec) {
            let c = self.coord(lane, mip);
            let p = self.place_of(&c, &l);
            let raw = self.fetch(p, &l);
            let loose = match p {
                Place::Out => Some(id::OUT),
                Place::Chosen(_) => Some(id::ROWS),
                Place::At(_) => None,
            };
            let ks: Vec<usize> = self.enabled().collect();
            for (j, k) in ks.into_iter().enumerate() {
                let (v, narrow) = match pck {
                    Some(signed) => {
                        let have = (k as u32) < l.n;
                        let w = l.width[k.min(3)];
                        let bits = match (have, signed) {
                            (false, _) => 0,
                            (true, true) => format::sext(raw[k], w),
                            (true, false) => raw[k],
                        };
                        let c = Conv {
                            bits,
                            loose: Loose::Exact,
                        };
                        (c, have && w < 32)
                    }
                    None => (self.component(k, &raw, &l, nfmt)?, false),
                };
                let loose = loose.or(narrow.then_some(id::PCK));
                self.give(lane, j, v, loose);
            }
            self.tail(lane);
        }
        Ok(())
    }

    /// The RGBA component `k` of a converting load: dst_sel, then the conversion.
    fn component(&self, k: usize, raw: &[u32; 4], l: &Layout, nfmt: u8) -> Result<Conv, ExecError> {
        let d16 = self.m.d16;
        Ok(match self.d.dst_sel[k] {
            1 => Conv {
                bits: format::one(nfmt, d16),
                loose: Loose::Exact,
            },
            s @ 4..=7 if u32::from(s - 4) < l.n => {
                let ch = usize::from(s - 4);
                if d16 {
                    format::load16(nfmt, l.width[ch], raw[ch])
                } else {
                    format::load32(nfmt, l.width[ch], raw[ch])
                }
                .map_err(|r| pending(self.name, r))?
            }
            _ => EXACT0,
        })
    }

    /// The `j`th enabled component's VGPR value (a half, zero-extended, with D16).
    fn data(&self, lane: usize, j: usize) -> u32 {
        let (reg, shift) = self.slot(j);
        let v = self.vgpr(reg, lane);
        shift.map_or(v, |s| (v >> s) & 0xffff)
    }

    pub(super) fn store(&mut self, mip: bool, pck: bool) -> Result<(), ExecError> {
        let l = if pck {
            self.layout()?
        } else {
            self.converting()?
        };
        let nfmt = self.d.num_format;
        let contested_d16 = self.m.d16 && !matches!(self.m.dmask & 0xf, 0x1 | 0x3 | 0x7 | 0xf);
        for lane in lanes(self.wave.exec) {
            let c = self.coord(lane, mip);
            let p = self.place_of(&c, &l);
            let at = match p {
                Place::Out => continue,
                Place::At(a) | Place::Chosen(a) => a,
            };
            // Each enabled component from the next VGPR (or half), the others 0.
            let mut v = [0u32; 4];
            for (j, k) in self.enabled().collect::<Vec<_>>().into_iter().enumerate() {
                v[k] = self.data(lane, j);
            }
            let mut e = [0u32; 4];
            for k in 0..l.n as usize {
                let w = l.width[k];
                e[k] = if pck {
                    Ok(v[k] & mask(w))
                } else if self.m.d16 {
                    format::store16(nfmt, w, v[k])
                } else {
                    format::store32(nfmt, w, v[k])
                }
                .map_err(|r| pending(self.name, r))?;
            }
            self.put(at, &l, e);
            let narrow = pck && l.width[..l.n as usize].iter().any(|&w| w < 32);
            let rule = if matches!(p, Place::Chosen(_)) {
                Some(id::ROWS)
            } else if contested_d16 {
                Some(id::D16_STORE)
            } else if narrow {
                Some(id::PCK)
            } else {
                None
            };
            if let Some(rule) = rule {
                self.mark_mem(at, bpe(&l) as u32, rule);
            }
        }
        Ok(())
    }

    pub(super) fn atomic(&mut self, op: Atomic) -> Result<(), ExecError> {
        let dm = self.m.dmask & 0xf;
        let wide = match (op == Atomic::Cmpswap, dm) {
            (false, 0x1) | (true, 0x3) => false,
            (false, 0x3) | (true, 0xf) => true,
            _ => {
                return Err(pending(
                    self.name,
                    "an atomic DMASK other than 0x1/0x3 (CMPSWAP 0x3/0xF) is illegal",
                ))
            }
        };
        let l = self.layout()?;
        let n = if wide { 2 } else { 1 };
        if bpe(&l) != 4 * n as u64 {
            return Err(pending(
                self.name,
                "the T#'s element size differs from the atomic's width (\"supported only on \
                 32- and 64-bit-per pixel surfaces\"): rule gcn5.image.atomic",
            ));
        }
        let vd = usize::from(self.m.vdata);
        let mut seen: Vec<(u64, usize)> = Vec::new();
        for lane in lanes(self.wave.exec) {
            let c = self.coord(lane, false);
            let p = self.place_of(&c, &l);
            let read = |r: &Self, first: usize| -> u64 {
                let lo = u64::from(r.vgpr(vd + first, lane));
                if wide {
                    lo | u64::from(r.vgpr(vd + first + 1, lane)) << 32
                } else {
                    lo
                }
            };
            let (data, cmp) = (read(self, 0), read(self, n));
            let (ret, loose) = match p {
                Place::Out => (0, Some(id::OUT)),
                Place::At(at) | Place::Chosen(at) => {
                    let tmp = self.wave.mem.read(at, 4 * n as u32);
                    let new = apply(op, wide, tmp, data, cmp);
                    self.wave.mem.write(at, 4 * n as u32, new);
                    seen.push((at, lane));
                    if matches!(p, Place::Chosen(_)) {
                        self.mark_mem(at, 4 * n as u32, id::ROWS);
                        (tmp, Some(id::ROWS))
                    } else {
                        (tmp, None)
                    }
                }
            };
            if self.m.glc {
                self.set_vgpr(vd, lane, ret as u32);
                if wide {
                    self.set_vgpr(vd + 1, lane, (ret >> 32) as u32);
                }
                if let Some(rule) = loose {
                    for i in 0..n {
                        self.loosen(vd + i, lane, Accept::Mask(0), rule);
                    }
                }
            }
        }
        if self.m.glc {
            for &(at, lane) in &seen {
                if seen.iter().filter(|(x, _)| *x == at).count() > 1 {
                    for i in 0..n {
                        self.loosen(vd + i, lane, Accept::Mask(0), id::ORDER);
                    }
                }
            }
        }
        Ok(())
    }

    pub(super) fn resinfo(&mut self) {
        let d = self.d;
        let at_level = |m1: u16, l: u64| -> u32 {
            if l >= 32 {
                1
            } else {
                ((u32::from(m1) + 1) >> l).max(1)
            }
        };
        let view = i32::from(d.last_level) - i32::from(d.base_level) + 1;
        let resource = i32::from(d.max_mip) + 1;
        for lane in lanes(self.wave.exec) {
            let raw = self.vgpr(usize::from(self.m.vaddr), lane);
            let mipid = u64::from(if self.m.a16 { raw & 0xffff } else { raw });
            let (l1, l2) = (u64::from(d.base_level) + mipid, mipid);
            let pair = |m1: u16| (at_level(m1, l1), at_level(m1, l1) == at_level(m1, l2));
            let (w, w_ok) = pair(d.width_m1);
            let (h, h_ok) = pair(d.height_m1);
            let (dp, d_ok) = if self.dim == Some(Dim::D3) {
                pair(d.depth_m1)
            } else {
                (1, false)
            };
            let mips_ok = view == resource && view > 0;
            let vals = [
                (w, w_ok),
                (h, h_ok),
                (dp, d_ok),
                (view.max(0) as u32, mips_ok),
            ];
            for (j, k) in self.enabled().collect::<Vec<_>>().into_iter().enumerate() {
                let (v, ok) = vals[k];
                let c = Conv {
                    bits: v,
                    loose: Loose::Exact,
                };
                self.give(lane, j, c, (!ok).then_some(id::RESINFO));
            }
            self.tail(lane);
        }
    }
}

/// Bytes per element of a layout.
fn bpe(l: &Layout) -> u64 {
    if l.packed {
        4
    } else {
        u64::from(l.n * l.width[0] / 8)
    }
}

fn mask(w: u32) -> u32 {
    if w >= 32 {
        u32::MAX
    } else {
        (1 << w) - 1
    }
}
