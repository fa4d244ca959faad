//! Shared by the external differentials (`iga.rs`, `gen4.rs`): finding a tool, a seeded
//! generator, and the texts they run (seeds, seeded mutations that decode, one per row).
#![allow(dead_code)]

use gpuref_intel_gen7::instructions::Shape;
use gpuref_intel_gen7::{decode, encode, parse};
use std::path::PathBuf;

/// The tool on PATH, or a failure naming how to install it.
pub fn tool(name: &str, package: &str) -> PathBuf {
    let path = std::env::var_os("PATH").unwrap_or_default();
    for dir in std::env::split_paths(&path) {
        let p = dir.join(name);
        if p.is_file() {
            return p;
        }
    }
    panic!(
        "`{name}` not found on PATH: this differential needs it; run scripts/setup (it installs \
         the Debian package {package})"
    );
}

pub struct Rng(pub u64);
impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Align1 seeds: every 1-src/2-src/send/math shape, immediates, indirect, ARF, predication.
pub const SEEDS: &[&str] = &[
    "add (8|M0) r10.0<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f",
    "(f0.0) sel (16|M0) (ge)f0.0 r10.0<1>:f r2.0<8;8,1>:f 0x3f800000:f",
    "(W) mov (8|M8) (sat)r1.0<1>:ud r[a0.2,-32]<8;8,1>:ud {AccWrEn}",
    "mov (1|M0) r1.0<1>:w 0x12341234:v",
    "mov (4|M4) r1.2<1>:df acc0.0<4;4,1>:df {NoDDClr, NoDDChk}",
    "math.inv (8|M0) r10.0<1>:f r2.0<8;8,1>:f",
    "math.pow (8|M0) r10.0<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f",
    "math.idiv (8|M0) r10.0<1>:d r2.0<8;8,1>:d r3.1<0;1,0>:d",
    "cmp (8|M0) (lt)f1.1 null.0<1>:d r1.0<8;8,1>:d -r2.0<8;8,1>:d",
    "mov (32|M0) r4.0<1>:b cr0.0<0;1,0>:b",
    "shl (16|M0) r4.0<1>:uw r2.0<16;16,1>:uw 0x30003:uw",
    "and (8|M0) r4.0<1>:ud (abs)r2.0<4;4,1>:ud r9.0<8;8,1>:ud",
    "mul (8|M0) acc0.0<1>:d r2.0<8;8,1>:d r3.0<8;8,1>:uw",
    "mach (8|M0) r5.0<1>:d r2.0<8;8,1>:d r3.0<8;8,1>:d {AccWrEn}",
    "frc (8|M0) r5.0<1>:f -(abs)r2.0<8;8,1>:f",
    "addc (8|M0) r5.0<1>:ud r2.0<8;8,1>:ud r3.0<8;8,1>:ud {AccWrEn}",
    "lzd (8|M0) r5.0<1>:ud r2.0<8;8,1>:ud",
    "pln (16|M0) r5.0<1>:f r2.0<0;1,0>:f r3.0<8;8,1>:f",
    "send (8|M0) r10.0<1>:ud r112.0<0;1,0>:ud 0x5 0x2000010",
    "mov (8|M0) r10.0<1>:ud 0x5:ud {Compacted}",
    "add (8|M0) r10.0<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f {Compacted}",
    "add (16|M0) r10.0<1>:d r2.0<8;8,1>:d 0x10:d {Compacted}",
    "(W) mov (1|M0) f0.1<1>:uw 0x0:uw",
    "mov (8|M0) r[a0.3,64]<2>:w r[a0.1]<4,1>:w",
];

/// Texts for the differential: the seeds and mutations of their words that decode.
pub fn corpus(n: usize) -> Vec<String> {
    let seeds: Vec<Vec<u32>> = SEEDS
        .iter()
        .map(|t| encode(&parse(t).unwrap_or_else(|e| panic!("{t}: {e}"))))
        .collect();
    let mut out: Vec<String> = SEEDS.iter().map(|s| s.to_string()).collect();
    let mut rng = Rng(0x5EED_0045);
    let mut tries = 0;
    while out.len() < n && tries < 50 * n {
        tries += 1;
        let mut w = seeds[rng.next() as usize % seeds.len()].clone();
        for _ in 0..1 + rng.next() % 3 {
            let bit = rng.next() as usize % (32 * w.len());
            // Keep the opcode and CmptCtrl: mutate operands and controls.
            if bit < 8 || bit == 29 {
                continue;
            }
            w[bit / 32] ^= 1 << (bit % 32);
        }
        if let Ok((i, _)) = decode(&w) {
            if !i.ctrl.align16 && !matches!(i.shape(), Shape::Branch(_)) {
                let t = i.to_string();
                if !t.contains("Flag=") && !out.contains(&t) {
                    out.push(t);
                }
            }
        }
    }
    out
}

/// One text per row (and per math function): the crate's examples.
pub fn one_per_row() -> Vec<String> {
    (0..gpuref_intel_gen7::instructions::ROWS.len())
        .flat_map(gpuref_intel_gen7::syntax::examples)
        .collect()
}
