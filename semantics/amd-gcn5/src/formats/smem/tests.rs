use crate::formats::{decode, encode, parse};
use crate::instructions::{rows, Format};
use crate::target::Target;
use gpuref_core::decode::DecodeErrorKind;

#[test]
fn texts_roundtrip_for_every_row() {
    for t in Target::ALL {
        for row in rows().filter(|r| r.format == Format::Smem && r.targets.contains(t)) {
            let s = super::shape(row);
            let data = match s.data {
                super::Data::None => None,
                super::Data::Probe => Some("5".to_string()),
                super::Data::Regs(1) => Some("vcc_hi".into()),
                super::Data::Regs(2) => Some("ttmp[2:3]".into()),
                super::Data::Regs(w) => Some(format!("s[{}:{}]", 8, 7 + w)),
            };
            let mut variants = Vec::new();
            let base = match s.base {
                0 => None,
                2 => Some("s[6:7]"),
                _ => Some("ttmp[12:15]"),
            };
            let mut ops: Vec<String> = data.into_iter().collect();
            if let Some(b) = base {
                ops.push(b.into());
                let glc = if s.glc { " glc" } else { "" };
                for off in ["0x0", "0xfffff", "m0 offset:0x7", "m0"] {
                    variants.push(format!("{}, {off}{glc} nv", ops.join(", ")));
                }
                if s.base == 2 {
                    variants.push(format!("{}, -0x100000", ops.join(", ")));
                }
                if !s.imm_or_m0 {
                    variants.push(format!("{}, exec_hi", ops.join(", ")));
                }
            } else {
                variants.push(ops.join(", "));
            }
            for v in variants {
                let text = if v.is_empty() {
                    row.mnemonic()
                } else {
                    format!("{} {v}", row.mnemonic())
                };
                let inst = parse(t, &text).unwrap_or_else(|e| panic!("{t} `{text}`: {e}"));
                let words = encode(&inst);
                let (back, used) = decode(t, &words).unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!(used, 2);
                assert_eq!(back, inst, "{text}");
                assert_eq!(back.to_string(), text);
            }
        }
    }
}

#[test]
fn decode_encode_is_identity_on_random_words() {
    let mut state = 0x1234_5678_9abc_def1u64;
    let mut ok = 0;
    for _ in 0..200_000 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let lo = 0xc000_0000 | (state as u32 & 0x03ff_dfff);
        let hi = (state >> 32) as u32 & 0xfe1f_ffff;
        let hi = if state & (1 << 40) != 0 {
            hi & 0x1f_ffff
        } else {
            hi
        };
        for t in Target::ALL {
            if let Ok((inst, 2)) = decode(t, &[lo, hi]) {
                ok += 1;
                assert_eq!(encode(&inst), vec![lo, hi], "{inst}");
                let back = parse(t, &inst.to_string()).expect("parse");
                assert_eq!(back.to_string(), inst.to_string());
                match inst.fields {
                    crate::formats::Fields::Smem(super::Smem {
                        offset: super::SmemOffset::Soffset(r),
                        ..
                    }) => {
                        // The text names the register; it parses to IMM=0 SOE=0.
                        let mut f = match inst.fields {
                            crate::formats::Fields::Smem(f) => f,
                            _ => unreachable!(),
                        };
                        f.offset = super::SmemOffset::Reg(r);
                        assert_eq!(back.fields, crate::formats::Fields::Smem(f));
                    }
                    _ => assert_eq!(back, inst),
                }
            }
        }
    }
    assert!(ok > 5_000, "only {ok} words decoded");
}

#[test]
fn bad_words_are_errors() {
    let t = Target::Gfx900;
    assert!(matches!(
        decode(t, &[0xc002_0041]).unwrap_err().kind,
        DecodeErrorKind::Truncated {
            needed: 2,
            available: 1
        }
    ));
    // OP 13 is not an SMEM opcode.
    assert!(matches!(
        decode(t, &[0xc036_0041, 0x10]).unwrap_err().kind,
        DecodeErrorKind::UnknownOpcode { opcode: 13, .. }
    ));
    // S_DCACHE_INV with IMM=1.
    assert!(decode(t, &[0xc082_0000, 0]).is_err());
}

#[test]
fn bad_text_is_an_error_with_a_column() {
    let t = Target::Gfx908;
    let col = |s: &str| parse(t, s).map(|_| ()).unwrap_err().column;
    assert_eq!(col("s_load_dword s1, s[2:3], 0x100000"), 26);
    assert_eq!(col("s_buffer_load_dword s1, s[4:7], -0x10"), 33);
    assert_eq!(col("s_load_dword m0, s[2:3], 0x10"), 14);
    assert_eq!(col("s_load_dword s1, s[2:3], 0x10 glc glc"), 35);
    assert_eq!(col("s_store_dword s1, s[2:3], s4"), 27);
    for s in [
        "s_load_dword",
        "s_load_dword s1",
        "s_load_dword s1, s[2:3]",
        "s_load_dword s1, s[2:3], 0x10, 0x10",
        "s_load_dword s1, s[3:4], 0",
        "s_load_dwordx2 s[1:2], s[2:3], 0",
        "s_load_dwordx4 s[2:5], s[2:3], 0",
        "s_load_dwordx16 s[96:111], s[2:3], 0",
        "s_load_dwordx8 s[8:14], s[2:3], 0",
        "s_buffer_load_dword s1, s[2:5], 0",
        "s_buffer_load_dword s1, s[2:3], 0",
        "s_atc_probe 128, s[2:3], 0",
        "s_atc_probe 0, s[2:3], 0 glc",
        "s_dcache_inv glc",
        "s_dcache_inv s0",
        "s_memtime s[1:2]",
        "s_memtime exec",
        "s_load_dword s1, s[2:3], 0x10 offset:4",
        "s_load_dword s1, s[2:3], s4 offset:",
        "s_load_dword s1, s[2:3], s4 offset:0x100000",
        "s_load_dword s1, s[2:3], 0 nv glc",
        "s_load_dword s1, s[2:3], 0 foo",
        "s_load_dword s1,, 0",
        "s_load_dword s1, s[2:3], 1.0",
        "s_load_dword s1, s[2:3], s[4:5]",
        "s_load_dword s1, s[99999999999:1], 0",
        "s_load_dword s[",
    ] {
        assert!(parse(t, s).is_err(), "{s}");
    }
}
