//! Every float operation, every format, every mode: no input bits may panic.
//! Input: 1 byte op selector, 1 byte mode selector, then up to three 64-bit operands.
#![no_main]

use gpuref_float::quirks::Ieee754;
use gpuref_float::{ops, BFloat16, Binary16, Binary32, Binary64, DenormModes, Denormals, Format};
use gpuref_float::{FpMode, Rounding, Tininess};
use libfuzzer_sys::fuzz_target;

fn mode(sel: u8) -> FpMode {
    let d = Denormals {
        flush_inputs: sel & 4 != 0,
        flush_outputs: sel & 8 != 0,
    };
    let t = if sel & 16 != 0 {
        Tininess::BeforeRounding
    } else {
        Tininess::AfterRounding
    };
    FpMode::IEEE
        .with_rounding(Rounding::ALL[(sel & 3) as usize])
        .with_denormals(DenormModes::all(d))
        .with_tininess(t)
}

fn run<F: Format>(op: u8, m: &FpMode, a: u64, b: u64, c: u64) {
    let (a, b, c) = (
        F::bits_from_u64(a),
        F::bits_from_u64(b),
        F::bits_from_u64(c),
    );
    match op % 7 {
        0 => {
            let _ = ops::add::<F, Ieee754>(a, b, m);
        }
        1 => {
            let _ = ops::sub::<F, Ieee754>(a, b, m);
        }
        2 => {
            let _ = ops::mul::<F, Ieee754>(a, b, m);
        }
        3 => {
            let _ = ops::div::<F, Ieee754>(a, b, m);
        }
        4 => {
            let _ = ops::fma::<F, Ieee754>(a, b, c, m);
        }
        5 => {
            let _ = ops::mul_add_unfused::<F, Ieee754>(a, b, c, m);
        }
        _ => {
            let _ = ops::sqrt::<F, Ieee754>(a, m);
        }
    }
    let _ = ops::convert::<F, Binary16, Ieee754>(a, m);
    let _ = ops::convert::<F, BFloat16, Ieee754>(a, m);
    let _ = ops::convert::<F, Binary32, Ieee754>(a, m);
    let _ = ops::convert::<F, Binary64, Ieee754>(a, m);
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 2 {
        return;
    }
    let (op, m) = (data[0], mode(data[1]));
    let mut w = [0u64; 3];
    for (i, chunk) in data[2..].chunks(8).take(3).enumerate() {
        let mut buf = [0u8; 8];
        buf[..chunk.len()].copy_from_slice(chunk);
        w[i] = u64::from_le_bytes(buf);
    }
    match op >> 6 {
        0 => run::<Binary16>(op, &m, w[0], w[1], w[2]),
        1 => run::<BFloat16>(op, &m, w[0], w[1], w[2]),
        2 => run::<Binary32>(op, &m, w[0], w[1], w[2]),
        _ => run::<Binary64>(op, &m, w[0], w[1], w[2]),
    }
});
