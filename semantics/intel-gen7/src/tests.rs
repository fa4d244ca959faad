//! Encoding tests. Two groups, kept apart:
//! - `spec`: words typed by hand from the manual's field tables (§5.2.1-§5.2.6, §5.3.1),
//!   each with the arithmetic that gives them;
//! - `generated`: properties over seeded random words and texts (decode never panics,
//!   encode∘decode is the identity, parse∘print is the identity, compact∘expand).

use super::*;
use formats::native::{Body, Src};

fn dis(words: &[u32]) -> String {
    let (i, n) = decode(words).unwrap_or_else(|e| panic!("{words:08x?}: {e}"));
    assert_eq!(n, words.len());
    i.to_string()
}

fn asm(text: &str) -> Vec<u32> {
    encode(&parse(text).unwrap_or_else(|e| panic!("{text}: {e}")))
}

mod spec {
    use super::*;

    /// `add (8|M0) r10.0<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f`:
    /// DW0 = opcode 0x40 | ExecSize 011 << 21 = 0x00600040.
    /// DW1 = Dst GRF 01, F 111 (0x1d) | Src0 GRF/F << 5 (0x3a0) | Src1 GRF/F << 10 (0x7400)
    ///       | HorzStride 01 << 29 | RegNum 10 << 21 = 0x214077bd.
    /// DW2 = RegNum 2 << 5 | VertStride 0100 << 21 | Width 011 << 18 | HorzStride 01 << 16
    ///     = 0x008d0040; DW3 likewise with r3 = 0x008d0060.
    #[test]
    fn add_align1_direct() {
        let w = [0x0060_0040, 0x2140_77bd, 0x008d_0040, 0x008d_0060];
        let t = "add (8|M0) r10.0<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f";
        assert_eq!(dis(&w), t);
        assert_eq!(asm(t), w);
    }

    /// `send`: SFID 5 in bits 27:24, EOT bit 127, desc in 126:96 (§5.2.1 send/sendc);
    /// dst null (ARF 00, UD), src0 r112 (GRF, RegNum 0x70 << 5 = 0xe00), src1 IMM UD (11 <<
    /// 10 = 0xc00), dst HorzStride 01.
    #[test]
    fn send_with_eot() {
        let w = [0x0560_0031, 0x2000_0c20, 0x0000_0e00, 0x8200_0010];
        let t = "send (8|M0) null.0<1>:ud r112.0<0;1,0>:ud 0x25 0x2000010 {EOT}";
        assert_eq!(dis(&w), t);
        assert_eq!(asm(t), w);
    }

    /// The 3-source layout: Align16 (bit 8), types F (00), Dst.ChanEn 1111 at 52:49,
    /// Dst.RegNum 63:56; each source k at 64 + 21k: RepCtrl, ChanSel (xyzw = 0xe4),
    /// SubRegNum, RegNum.
    #[test]
    fn mad_three_source() {
        let w = [0x0060_015b, 0x051e_0000, 0x3900_21c8, 0x0107_2006];
        let t = "mad (8|M0) r5.0<1>.xyzw:f r2.0<4>.xyzw:f r3.0<4>.xyzw:f r4.0<4>.xyzw:f {Align16}";
        assert_eq!(dis(&w), t);
        assert_eq!(asm(t), w);
        // Src2.RepCtrl (bit 106 = DW3 bit 10).
        let w = [0x0060_015b, 0x051e_0000, 0x3900_21c8, 0x0107_2406];
        assert!(dis(&w).contains("r4.0<0>.xyzw:f"));
    }

    /// A compacted `mov (8|M0) r10.0<1>:ud 0x5:ud`: ControlIndex 11 "Align1 Q1 (8) f0.0",
    /// DataTypeIndex 3 "r:ud i:ud a:ud <1> dir", SubRegIndex 0, Src0Index 0, Dst.RegNum 10
    /// at 47:40, Imm32[7:0] = 5 at 63:56 (§5.3.1, §5.3.1.1).
    #[test]
    fn compacted_mov_immediate() {
        let c = [0x2000_6b01, 0x0500_0a00];
        let t = "mov (8|M0) r10.0<1>:ud 0x5:ud {Compacted}";
        assert_eq!(dis(&c), t);
        assert_eq!(asm(t), c);
        let native = [0x0060_0001, 0x2140_0061, 0, 5];
        assert_eq!(dis(&native), "mov (8|M0) r10.0<1>:ud 0x5:ud");
        let (i, _) = decode(&native).unwrap();
        assert_eq!(encode(&compact(&i).unwrap()), c);
    }

    /// Branch offsets are in 64-bit units (§5.3), JIP in 111:96 and UIP in 127:112; the
    /// text writes bytes.
    #[test]
    fn if_offsets() {
        let w = [0x0060_0022, 0x2000_01e0, 0, 0x0004_0002];
        assert_eq!(dis(&w), "if (8|M0) 16 32");
        assert_eq!(asm("if (8|M0) 16 32"), w);
        assert_eq!(asm("while (8|M0) -48")[3], 0x0000_fffa);
    }

    /// Predication (§5.2.3): PredCtrl 0110 (.any4h in Align1) | PredInv, flag f0.1 (bit 89),
    /// NoMask (bit 9); CondModifier 0101 (.l) writes f1.1 for cmp (bits 90:89 = 11).
    #[test]
    fn predicate_and_condition() {
        let w = asm("(W&~f0.1.any4h) mov (8|M8) r1.0<1>:ud r3.0<8;8,1>:ud");
        assert_eq!(
            w[0],
            0x0001 | 1 << 9 | 1 << 12 | 0b0110 << 16 | 1 << 20 | 3 << 21
        );
        assert_eq!(w[2] >> 25 & 3, 0b01);
        let w = asm("cmp (8|M0) (lt)f1.1 null.0<1>:d r1.0<8;8,1>:d -r2.0<8;8,1>:d");
        assert_eq!((w[0] >> 24 & 15, w[2] >> 25 & 3), (0b0101, 0b11));
        assert_eq!(w[3] >> 13 & 3, 0b10, "src1 SrcMod '-' = 10");
    }

    /// Indirect Align1: Dst.AddrMode bit 63, AddrSubRegNum 60:58, AddrImm 57:48 (S10).
    #[test]
    fn indirect_destination() {
        let w = asm("mov (8|M0) r[a0.2,-32]<1>:ud r3.0<8;8,1>:ud");
        assert_eq!(w[1] >> 31, 1);
        assert_eq!(w[1] >> 26 & 7, 2);
        assert_eq!(w[1] >> 16 & 0x3ff, (-32i32 as u32) & 0x3ff);
    }

    /// Reserved encodings are located errors (§5.2.3 ExecSize 110, §5.4 bit 7, §5.4.2 case,
    /// §5.2.4.1 MRF, §6.41 FC 0).
    #[test]
    fn reserved_encodings_are_errors() {
        let add = [0x0060_0040u32, 0x2140_77bd, 0x008d_0040, 0x008d_0060];
        let field = |w: [u32; 4]| match decode(&w).unwrap_err().kind {
            DecodeErrorKind::IllegalField { field, .. } => field,
            k => panic!("{k}"),
        };
        assert_eq!(
            field([add[0] | 6 << 21, add[1], add[2], add[3]]),
            "ExecSize"
        );
        assert_eq!(field([add[0] | 0x80, add[1], add[2], add[3]]), "Opcode");
        assert_eq!(field([add[0], add[1] ^ 3, add[2], add[3]]), "Dst.RegFile");
        assert_eq!(
            field([add[0], add[1], add[2] | 1 << 27, add[3]]),
            "bits 95:91 (reserved)"
        );
        assert_eq!(field([0x0060_0038, add[1], add[2], add[3]]), "FC");
        assert!(matches!(
            decode(&[0x26, 0, 0, 0]).unwrap_err().kind,
            DecodeErrorKind::UnknownOpcode { opcode: 0x26, .. }
        ));
        assert!(matches!(
            decode(&add[..3]).unwrap_err().kind,
            DecodeErrorKind::Truncated {
                needed: 4,
                available: 3
            }
        ));
        // A compacted 3-source instruction (§5.3.1).
        assert!(decode(&[0x2000_005b, 0]).is_err());
    }

    #[test]
    fn bad_text_is_located() {
        let col = |t: &str| parse(t).unwrap_err().column;
        assert_eq!(col("add (8|M0) r10.0<1>:f r2.0<8;8,1>:q r3.0<8;8,1>:f"), 35);
        assert_eq!(col("addd (8|M0) r1.0<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f"), 1);
        assert_eq!(
            col("add (8|M0) r128.0<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f"),
            12
        );
        assert_eq!(col("add (7|M0) r1.0<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f"), 6);
        assert!(parse("add (8|M0) r1.0<1>:f r2.0<8;8,1>:f").is_err());
        assert!(parse("mov (8|M0) r1.0<1>:f r2.0<8;8,1>:f {Bogus}").is_err());
        assert!(parse("mad (8|M0) r5.0<1>.xyzw:f r2.0<4>.xyzw:f r3.0<4>.xyzw:f r4.0<4>.xyzw:f {Align16, Compacted}").is_err());
    }
}

mod generated {
    use super::*;

    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    /// Texts that cover every shape and option; each must print back to itself.
    const TEXTS: &[&str] = &[
        "add (8|M0) r10.0<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f",
        "(f0.0) sel (16|M0) (ge)f0.0 r10.0<1>:f r2.0<8;8,1>:f 0x3f800000:f",
        "(W) mov (8|M8) (sat)r1.0<1>:ud r[a0.2,-32]<8;8,1>:ud {AccWrEn}",
        "(W&~f0.1.any4h) mov (8|M8) r1.0<1>:ud r[a0.2]<1,0>:ud",
        "mov (1|M0) r1.0<1>:w 0x12341234:v",
        "mov (4|M4) r1.2<1>:df acc0.0<4;4,1>:df {NoDDClr, NoDDChk}",
        "math.inv (8|M0) r10.0<1>:f r2.0<8;8,1>:f",
        "math.pow (8|M0) r10.0<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f",
        "math.idiv (8|M16) r10.0<1>:d -(abs)r2.0<8;8,1>:d r3.1<0;1,0>:d {Switch}",
        "send (8|M0) r10.0<1>:ud r112.0<0;1,0>:ud 0x5 a0.0<0;1,0>:ud",
        "sendc (16|M0) null.0<1>:uw r4.0<8;8,1>:uw 0x2a 0x4a08000 {Atomic, EOT}",
        "if (8|M0) 16 32",
        "else (8|M0) -16",
        "endif (8|M0) 16",
        "(f1.0.allv) while (8|M0) -64",
        "break (16|M0) 16 -32",
        "brd (8|M0) -96",
        "call (8|M0) r10.0<1>:d -112",
        "ret (8|M0) r10.0<2;2,1>:d",
        "(W) jmpi (1|M0) -160",
        "mad (8|M0) (sat)r5.1<1>.xz:f -r2.0<4>.xyzw:f (abs)r3.4<0>.wzyx:f r4.0<4>.xxxx:f {Align16}",
        "bfe (8|M0) r5.0<1>.xyzw:ud r2.0<4>.xyzw:ud r3.0<4>.xyzw:ud r4.0<4>.xyzw:ud {Align16}",
        "dp4 (8|M0) r5.0<1>.w:f r2.4<4>.xyzw:f r3.0<0>.xxxx:f {Align16}",
        "(f0.0.any4h) add (8|M0) r[a0.1,-16]<1>.xyzw:f r[a0.3,32]<4>.yzwx:f r3.0<4>.xyzw:f {Align16}",
        "cmp (8|M0) (lt)f1.1 null.0<1>:d r1.0<8;8,1>:d -r2.0<8;8,1>:d",
        "add (16|M0) r4.0<1>:w r2.0<16;16,1>:ub 0x10001:w {Breakpoint, Flag=f1.0}",
        "mov (32|M0) r4.0<1>:b cr0.0<0;1,0>:b",
        "mov (8|M0) r10.0<1>:ud 0x5:ud {Compacted}",
        "add (8|M0) r10.0<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f {Compacted}",
        "nop",
        "illegal",
        "nop {Breakpoint}",
    ];

    #[test]
    fn texts_round_trip_through_words() {
        for t in TEXTS {
            let i = parse(t).unwrap_or_else(|e| panic!("{t}: {e}"));
            assert_eq!(i.to_string(), *t);
            let w = encode(&i);
            assert_eq!(w.len(), if i.compacted { 2 } else { 4 }, "{t}");
            let (back, n) = decode(&w).unwrap_or_else(|e| panic!("{t}: {e}"));
            assert_eq!((back, n), (i, w.len()), "{t}");
        }
    }

    /// Random words: decoding never panics; what decodes re-encodes to the same words and
    /// prints text that parses back to the same instruction. Words are drawn around the
    /// TEXTS' encodings (a few bits flipped) so that many decode.
    #[test]
    fn random_words_decode_exactly_or_fail_cleanly() {
        let seeds: Vec<Vec<u32>> = TEXTS.iter().map(|t| asm(t)).collect();
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let (mut ok, mut total) = (0, 0);
        for k in 0..300_000 {
            let mut w = seeds[k % seeds.len()].clone();
            let flips = 1 + rng.next() % 4;
            for _ in 0..flips {
                let bit = rng.next() as usize % (32 * w.len());
                w[bit / 32] ^= 1 << (bit % 32);
            }
            if k % 7 == 0 {
                for d in &mut w {
                    *d = rng.next() as u32;
                }
            }
            total += 1;
            if let Ok((i, n)) = decode(&w) {
                ok += 1;
                assert_eq!(encode(&i), w[..n], "{w:08x?}");
                let t = i.to_string();
                let back = parse(&t).unwrap_or_else(|e| panic!("{w:08x?} `{t}`: {e}"));
                assert_eq!(back, i, "{t}");
            }
        }
        assert!(ok > total / 10, "only {ok} of {total} decoded");
    }

    /// Every native instruction that compacts expands back to itself, and the compacted
    /// and native forms print the same text but for {Compacted}.
    #[test]
    fn compaction_round_trips() {
        let mut rng = Rng(7);
        let mut compacted = 0;
        for _ in 0..200_000 {
            let c = (rng.next() & !(1 << 28)) | 1 << 29;
            let w = [c as u32, (c >> 32) as u32];
            if let Ok((i, 2)) = decode(&w) {
                compacted += 1;
                assert_eq!(encode(&i), w);
                let native = Inst {
                    compacted: false,
                    ..i
                };
                let nw = encode(&native);
                assert_eq!(nw.len(), 4);
                assert_eq!(compact(&native), Some(i));
                assert_eq!(
                    format!("{native} {{Compacted}}").replace("} {", ", "),
                    i.to_string()
                );
            }
        }
        assert!(compacted > 1000, "{compacted}");
    }

    /// The fuzz targets' properties on seeded inputs: random dword streams (and mutated
    /// encodings of TEXTS), random compact words, and texts cut and spliced.
    #[test]
    fn fuzz_properties_hold_on_seeded_inputs() {
        let mut rng = Rng(0x0045_F022);
        let seeds: Vec<Vec<u32>> = TEXTS.iter().map(|t| asm(t)).collect();
        for k in 0..20_000 {
            let mut stream: Vec<u32> = Vec::new();
            for _ in 0..4 {
                let mut w = seeds[rng.next() as usize % seeds.len()].clone();
                if k % 2 == 0 {
                    let bit = rng.next() as usize % (32 * w.len());
                    w[bit / 32] ^= 1 << (bit % 32);
                }
                stream.extend(w);
            }
            if k % 5 == 0 {
                stream.push(rng.next() as u32);
            }
            let bytes: Vec<u8> = stream.iter().flat_map(|w| w.to_le_bytes()).collect();
            properties::decode_never_panics(&bytes).unwrap();
            properties::compact_then_expand(&rng.next().to_le_bytes()).unwrap();
        }
        for t in TEXTS {
            properties::parse_never_panics(t.as_bytes()).unwrap();
            let cut = rng.next() as usize % t.len();
            properties::parse_never_panics(&t.as_bytes()[..cut]).unwrap();
            let other = TEXTS[rng.next() as usize % TEXTS.len()];
            let spliced = format!("{}{}", &t[..t.len() / 2], &other[other.len() / 2..]);
            properties::parse_never_panics(spliced.as_bytes()).unwrap();
        }
    }

    /// Hostile text never panics.
    #[test]
    fn random_text_never_panics() {
        let mut rng = Rng(3);
        let alphabet: Vec<char> = "addmovsel ()|M08.<>;,:frudwbx[]a-~{}W&0123456789"
            .chars()
            .collect();
        for t in TEXTS {
            for cut in 0..t.len() {
                if t.is_char_boundary(cut) {
                    let _ = parse(&t[..cut]);
                }
            }
        }
        for _ in 0..50_000 {
            let n = rng.next() % 40;
            let s: String = (0..n)
                .map(|_| alphabet[rng.next() as usize % alphabet.len()])
                .collect();
            let _ = parse(&s);
        }
        let _ = parse("é(8|M0)");
    }

    #[test]
    fn immediates_keep_all_32_bits() {
        let i = parse("mov (8|M0) r1.0<1>:w 0x12345678:w").unwrap();
        assert!(matches!(
            i.body,
            Body::Common {
                src0: Src::Imm {
                    value: 0x1234_5678,
                    ..
                },
                ..
            }
        ));
    }
}

mod compaction {
    use super::*;

    /// Every row's example (one per math function): when the tables can say it, the
    /// compacted form decodes back to the same instruction; 3-source rows never compact
    /// (§5.3.1). Prints which rows' examples compact.
    #[test]
    fn row_examples_compact_where_the_tables_allow() {
        let (mut yes, mut no) = (Vec::new(), Vec::new());
        for r in 0..instructions::ROWS.len() {
            for t in syntax::examples(r) {
                let i = parse(&t).unwrap();
                match compact(&i) {
                    Some(c) => {
                        assert_ne!(i.shape(), Shape::Src3, "{t}");
                        let w = encode(&c);
                        assert_eq!(w.len(), 2);
                        let (d, n) = decode(&w).unwrap();
                        assert_eq!((d, n), (c, 2), "{t}");
                        assert_eq!(
                            d.to_string(),
                            format!("{t} {{Compacted}}").replace("} {", ", ")
                        );
                        yes.push(t);
                    }
                    None => no.push(t),
                }
            }
        }
        eprintln!(
            "{} examples compact, {} do not: {no:?}",
            yes.len(),
            no.len()
        );
        assert!(yes.len() > 40, "{yes:?}");
    }
}
