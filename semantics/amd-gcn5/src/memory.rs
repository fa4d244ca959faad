//! The wave's view of memory: a sparse, byte-addressed 64-bit address space. Bytes never
//! written read as 0; the writes an instruction makes are what a state-transition vector
//! records as changed.

use std::collections::BTreeMap;

/// Bytes per page of the sparse store.
const PAGE: u64 = 4096;

/// Sparse byte-addressed memory.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Memory {
    pages: BTreeMap<u64, Box<[u8; PAGE as usize]>>,
}

impl Memory {
    /// The byte at `addr` (0 if never written).
    pub fn read_u8(&self, addr: u64) -> u8 {
        self.pages
            .get(&(addr / PAGE))
            .map_or(0, |p| p[(addr % PAGE) as usize])
    }

    /// Write the byte at `addr`.
    pub fn write_u8(&mut self, addr: u64, v: u8) {
        let page = self
            .pages
            .entry(addr / PAGE)
            .or_insert_with(|| Box::new([0; PAGE as usize]));
        page[(addr % PAGE) as usize] = v;
    }

    /// `n` bytes (1..=8) at `addr`, little-endian; the address wraps at 2^64.
    pub fn read(&self, addr: u64, n: u32) -> u64 {
        (0..n.min(8)).fold(0, |v, i| {
            v | u64::from(self.read_u8(addr.wrapping_add(u64::from(i)))) << (8 * i)
        })
    }

    /// Write the low `n` bytes (1..=8) of `v` at `addr`, little-endian.
    pub fn write(&mut self, addr: u64, n: u32, v: u64) {
        for i in 0..n.min(8) {
            self.write_u8(addr.wrapping_add(u64::from(i)), (v >> (8 * i)) as u8);
        }
    }

    /// Every byte ever written, in address order (what changed, for vectors and `eval`).
    pub fn bytes(&self) -> impl Iterator<Item = (u64, u8)> + '_ {
        self.pages.iter().flat_map(|(p, bytes)| {
            bytes
                .iter()
                .enumerate()
                .map(move |(i, b)| (p * PAGE + i as u64, *b))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Memory;

    #[test]
    fn little_endian_sparse_and_wrapping() {
        let mut m = Memory::default();
        assert_eq!(m.read(0x1000, 4), 0);
        m.write(0x1ffe, 4, 0x1122_3344);
        // Crosses a page: 0x44 at 0x1ffe, 0x33 at 0x1fff, 0x22 at 0x2000, 0x11 at 0x2001.
        assert_eq!(m.read_u8(0x2000), 0x22);
        assert_eq!(m.read(0x1ffe, 4), 0x1122_3344);
        m.write(u64::MAX, 2, 0xaabb);
        assert_eq!((m.read_u8(u64::MAX), m.read_u8(0)), (0xbb, 0xaa));
    }
}
