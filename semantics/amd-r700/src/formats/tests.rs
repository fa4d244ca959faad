//! Format checks: every layout covers its dwords exactly once; words typed from the
//! manual's field tables (ch.10) decode to the fields and text they encode and back; and
//! generated checks (seeded random words) apart, at the end.

use super::*;
use crate::formats::cf::Clause;
use crate::program::{decode_fetch, parse_unit, Unit};
use gpuref_core::decode::DecodeErrorKind;

const ALL_LAYOUTS: &[&Layout] = &[
    &cf::CF,
    &cf::CF_ALU,
    &cf::CF_ALLOC_EXPORT_BUF,
    &cf::CF_ALLOC_EXPORT_SWIZ,
    &alu::OP2,
    &alu::OP3,
    &fetch::VTX_GPR,
    &fetch::VTX_SEM,
    &fetch::TEX,
    &mem::MEM_RD,
    &mem::MEM_DSW,
    &mem::MEM_DSR,
];

#[test]
fn every_layout_covers_each_dword_exactly_once() {
    for l in ALL_LAYOUTS {
        let mut seen = vec![0u32; l.words];
        for fd in l.fields {
            let m = fd.mask() << fd.lo;
            assert_eq!(
                seen[fd.word as usize] & m,
                0,
                "{} {} overlaps",
                l.name,
                fd.name
            );
            assert!(
                u32::from(fd.lo) + u32::from(fd.width) <= 32,
                "{} {}",
                l.name,
                fd.name
            );
            seen[fd.word as usize] |= m;
        }
        assert!(seen.iter().all(|&w| w == u32::MAX), "{}: {seen:x?}", l.name);
        let mut names: Vec<_> = l.fields.iter().map(|f| f.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), l.fields.len(), "{}", l.name);
    }
}

const T: Target = Target::Rv770;

/// Decode `words` as a unit of `kind`.
fn unit(kind: &str, words: &[u32]) -> Result<Unit, gpuref_core::decode::DecodeError> {
    Ok(match kind {
        "cf" => Unit::Cf(cf::decode(T, words)?),
        "alu" => Unit::Alu(alu::decode(T, words)?),
        "tex" => Unit::Fetch(decode_fetch(T, Clause::Tex, words)?),
        _ => Unit::Fetch(decode_fetch(T, Clause::Vtx, words)?),
    })
}

/// Words typed from ch.10's bit tables, with the text they print as.
#[rustfmt::skip]
const SPEC: &[(&str, &[u32], &str)] = &[
    // CF_WORD1: BARRIER 31, CF_INST 10 (JUMP) at [29:23], POP_COUNT [2:0].
    ("cf", &[0x0000_0008, 0x8500_0001], "JUMP ADDR(8) POP_COUNT(1) BARRIER"),
    // END_OF_PROGRAM 21; CF_INST 0 NOP.
    ("cf", &[0, 0x0020_0000], "NOP END_OF_PROGRAM"),
    // CF_INST 1 TEX, COUNT [12:10] = 7 and COUNT_3 19: 16 instructions.
    ("cf", &[0x0000_0004, 0x0088_1C00], "TEX ADDR(4) COUNT(7) COUNT_3"),
    // COND [9:8] = 2 BOOL, CF_CONST [7:3] = 31, CALL_COUNT [18:13] = 63, CF_INST 18 CALL.
    ("cf", &[0, 0x0907_E2F8], "CALL CF_CONST(31) COND(2) CALL_COUNT(63)"),
    // CF_ALU_WORD0: KCACHE_BANK1 [29:26] = 1, KCACHE_MODE0 [31:30] = 2; WORD1: KCACHE_MODE1
    // [1:0] = 2, KCACHE_ADDR0 [9:2] = 2, COUNT [24:18] = 7, CF_INST [29:26] = 8 ALU.
    ("cf", &[0x8400_0004, 0xA01C_000A], "ALU ADDR(4) KCACHE_BANK1(1) KCACHE_MODE0(2) KCACHE_MODE1(2) KCACHE_ADDR0(2) COUNT(7) BARRIER"),
    // ALT_CONST 25, CF_INST 15 ALU_ELSE_AFTER, WHOLE_QUAD_MODE 30.
    ("cf", &[0x003F_FFFF, 0x7E00_0000], "ALU_ELSE_AFTER ADDR(4194303) ALT_CONST WHOLE_QUAD_MODE"),
    // CF_ALLOC_EXPORT_WORD0: ARRAY_BASE 60, TYPE 1 (POS), RW_GPR 1, ELEM_SIZE 3;
    // WORD1_SWIZ: SEL_X..W = 0,1,2,3, EOP, CF_INST 40 EXPORT_DONE, BARRIER.
    ("cf", &[0xC000_A03C, 0x9420_0688], "EXPORT_DONE ARRAY_BASE(60) TYPE(1) RW_GPR(1) ELEM_SIZE(3) SEL_Y(1) SEL_Z(2) SEL_W(3) END_OF_PROGRAM BARRIER"),
    // WORD1_BUF: ARRAY_SIZE [11:0] = 4095, COMP_MASK [15:12] = 0xF, BURST_COUNT [20:17] = 15,
    // CF_INST 58 MEM_EXPORT; WORD0: RW_REL 22, INDEX_GPR [29:23] = 127, TYPE 1.
    ("cf", &[0x3FC0_2000, 0x1D1E_FFFF], "MEM_EXPORT TYPE(1) RW_REL INDEX_GPR(127) ARRAY_SIZE(4095) COMP_MASK(15) BURST_COUNT(15)"),
    // ALU_WORD0: SRC0_SEL 1; SRC1_SEL [21:13] = 128 (KC0[0]). OP2: WRITE_MASK 4, ALU_INST
    // [17:7] = 1 MUL.
    ("alu", &[0x0010_0001, 0x0000_0090], "x: MUL R0.x, R1.x, KC0[0].x"),
    // SRC0_NEG 12; SRC1_CHAN [24:23] = 1; LAST 31. OP2: SRC1_ABS 1, WRITE_MASK, OMOD [6:5]
    // = 1, ALU_INST 12 SETE_DX10, DST_GPR [27:21] = 2, DST_CHAN [30:29] = 3, CLAMP 31.
    ("alu", &[0x8080_1000, 0xE040_0632], "w: SETE_DX10 R2.w, -R0.x, |R0.y| OMOD(M2) CLAMP LAST"),
    // SRC1_SEL 253 (literal) chan 1; OP3: SRC2_SEL 252 (0.5) NEG, ALU_INST [17:13] = 16
    // MULADD, DST_GPR 3, DST_CHAN 2.
    ("alu", &[0x809F_A000, 0x4062_10FC], "z: MULADD R3.z, R0.x, literal.y, -0.5 LAST"),
    // SRC0_SEL 261 (C5) REL chan 1, INDEX_MODE [28:26] = 4 (loop); DST_REL 28; MOV 25.
    ("alu", &[0x1000_0705, 0x1020_0C90], "x: MOV R1[aL].x, C5[aL].y"),
    // WRITE_MASK 0, DST 0: `____`; PRED_SEL [30:29] = 2 ZERO; BANK_SWIZZLE [20:18] = 5;
    // UPDATE_EXECUTE_MASK 2, UPDATE_PRED 3; ALU_INST 32 PRED_SETE; SRC1 250 (integer 1).
    ("alu", &[0x401F_4000, 0x0014_100C], "x: PRED_SETE ____, R0.x, ALU_SRC_1_INT UPDATE_EXECUTE_MASK UPDATE_PRED PRED_SEL(ZERO) BANK_SWIZZLE(5)"),
    // OP2 NOP (26) with every field 0 but the opcode: a masked destination.
    ("alu", &[0, 0x0000_0D00], "x: NOP ____"),
    // TEX_WORD0: TEX_INST 16 SAMPLE, RESOURCE_ID 3; TEX_WORD1: DST_SEL_Y..W = 1,2,3,
    // COORD_TYPE_X..W [28..31]; TEX_WORD2: SAMPLER_ID [19:15] = 5, SRC_SEL_Y..W = 1,2,3.
    ("tex", &[0x0000_0310, 0xF00D_1000, 0x6882_8000, 0], "SAMPLE RESOURCE_ID(3) DST_SEL_Y(1) DST_SEL_Z(2) DST_SEL_W(3) COORD_TYPE_X COORD_TYPE_Y COORD_TYPE_Z COORD_TYPE_W SAMPLER_ID(5) SRC_SEL_Y(1) SRC_SEL_Z(2) SRC_SEL_W(3)"),
    // VTX_WORD0: VTX_INST 0 FETCH, BUFFER_ID 1, MEGA_FETCH_COUNT [31:26] = 15; VTX_WORD1_GPR:
    // DST_GPR 2, DATA_FORMAT [27:22] = 14; VTX_WORD2: MEGA_FETCH 19.
    ("vtx", &[0x3C00_0100, 0x0380_0002, 0x0008_0000, 0], "FETCH BUFFER_ID(1) MEGA_FETCH_COUNT(15) DST_GPR(2) DATA_FORMAT(14) MEGA_FETCH"),
    // VTX_WORD1_SEM: SEMANTIC_ID [7:0] = 255, DST_SEL_X = 7 (MASK).
    ("vtx", &[0x0000_0001, 0x0000_0EFF, 0, 0], "SEMANTIC SEMANTIC_ID(255) DST_SEL_X(7)"),
    // MEM_RD_WORD0: VTX_INST 2, MEM_OP [10:8] = 2 RD_SCATTER, UNCACHED 11, INDEXED 12;
    // WORD2: ARRAY_SIZE [31:20] = 1, MEGA_FETCH 19.
    ("vtx", &[0x0000_1A02, 0, 0x0018_0000, 0], "RD_SCATTER UNCACHED INDEXED MEGA_FETCH ARRAY_SIZE(1)"),
    // MEM_DSW_WORD0: MEM_OP 4, SRC_GPR [17:11] = 3, SRC_REL_MODE [19:18] = 2; WORD1:
    // DST_STRIDE [22:16] = 4, SIMD_WAVE_REL 31; WORD2: BURST_CNT 15.
    ("tex", &[0x0008_1C02, 0x8004_0000, 0xF, 0], "LOCAL_DS_WRITE SRC_GPR(3) SRC_REL_MODE(2) DST_STRIDE(4) SIMD_WAVE_REL BURST_CNT(15)"),
    // MEM_DSR_WORD0: MEM_OP 5, RD_OFFSET [31:26] = 1; WORD1: DST_WR_X 9, BROADCAST 16,
    // MUX_CNTL [22:20] = 2.
    ("tex", &[0x0400_0502, 0x0021_0200, 0, 0], "LOCAL_DS_READ RD_OFFSET(1) DST_WR_X BROADCAST MUX_CNTL(2)"),
];

#[test]
fn words_typed_from_the_manual_decode_print_and_assemble() {
    for &(kind, words, text) in SPEC {
        let u = unit(kind, words).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(u.to_string(), text);
        assert_eq!(u.words(), words, "{text}");
        let p = parse_unit(T, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(p.words(), words, "{text}");
    }
}

/// Reserved fields and undefined enumeration values, typed from ch.10: each is a located
/// error naming the field.
#[rustfmt::skip]
const BAD: &[(&str, &[u32], usize, &str)] = &[
    ("cf", &[0, 0x0010_0000], 1, "RESERVED_20"),           // CF_WORD1 bit 20 reserved
    ("cf", &[0, 0x1380_0006], 1, "SEL_X"),                 // EXPORT (39) SEL_X = 6 reserved
    ("cf", &[0, 0x1201_0000], 1, "UNUSED_16"),             // MEM_SCRATCH (36) WORD1_BUF bit 16
    ("alu", &[200, 0x90], 0, "SRC0_SEL"),                   // select 200 not assigned
    ("alu", &[0x1C00_0000, 0x90], 0, "INDEX_MODE"),         // INDEX_MODE 7
    ("alu", &[0x2000_0000, 0x90], 0, "PRED_SEL"),           // PRED_SEL 1 reserved
    ("alu", &[0, 0x0018_0090], 1, "BANK_SWIZZLE"),          // BANK_SWIZZLE 6
    ("tex", &[0x0000_0050, 0, 0, 0], 0, "RESERVED_6"),      // TEX_WORD0 bit 6
    ("tex", &[0x0200_0010, 0, 0, 0], 0, "RESERVED_25"),     // TEX_WORD0 [31:25]
    ("tex", &[0x0000_0010, 0, 0xC000_0000, 0], 2, "SRC_SEL_W"), // TEX SRC_SEL 6 undefined
    ("tex", &[0x0000_0010, 0, 0, 1], 3, "DWORD3"),          // the fourth dword is zero
    ("vtx", &[0x0000_0060, 0, 0, 0], 0, "FETCH_TYPE"),      // FETCH_TYPE 3
    ("vtx", &[0x0000_0000, 0, 0x0020_0000, 0], 2, "RESERVED_21"), // VTX_WORD2 [31:21]
    ("vtx", &[0x0000_2002, 0, 0, 0], 0, "MEM_REQ_SIZE"),    // must be 0 on R700
    ("tex", &[0x0000_0502, 0x0030_0000, 0, 0], 1, "MUX_CNTL"), // MUX_CNTL 3 undefined
];

#[test]
fn reserved_fields_and_values_are_located_errors() {
    for &(kind, words, at, field) in BAD {
        let e = unit(kind, words)
            .err()
            .unwrap_or_else(|| panic!("{field}: {words:x?} decoded"));
        assert_eq!(e.offset_words, at, "{field}");
        assert!(
            matches!(e.kind, DecodeErrorKind::IllegalField { field: f, .. } if f == field),
            "{field}: {e}"
        );
    }
}

#[test]
fn unknown_opcodes_name_their_format() {
    let cases: &[(&str, &[u32], &str, u32)] = &[
        ("cf", &[0, 0x0C80_0000], "CF_WORD1", 25), // Mesa's END_PROGRAM
        ("cf", &[0, 0x3000_0000], "CF_ALU_WORD1", 12), // CF_ALU 12 reserved
        ("cf", &[0, 0x1480_0000], "CF_ALLOC_EXPORT_WORD1", 41), // 41-57 reserved
        ("alu", &[0, 84 << 7], "ALU_WORD1_OP2", 84),
        ("alu", &[0, 27 << 13], "ALU_WORD1_OP3", 27),
        ("vtx", &[3, 0, 0, 0], "VTX_WORD0", 3),
        ("vtx", &[0x0602, 0, 0, 0], "MEM_RD_WORD0", 6), // MEM_OP 6 reserved
    ];
    for &(kind, words, format, opcode) in cases {
        let e = unit(kind, words).unwrap_err();
        assert!(
            matches!(e.kind, DecodeErrorKind::UnknownOpcode { format: f, opcode: o, .. } if f == format && o == opcode),
            "{format} {opcode}: {e}"
        );
    }
}

/// R700 §"7.3 Burst Memory Reads": no burst on RV770; RV710/730/740 have it.
#[test]
fn mem_rd_burst_is_refused_on_rv770_only() {
    let w = [0x0400_0202, 0, 0, 0]; // RD_SCATTER, BURST_CNT 1
    let e = decode_fetch(Target::Rv770, Clause::Vtx, &w).unwrap_err();
    assert!(matches!(
        e.kind,
        DecodeErrorKind::IllegalField {
            field: "BURST_CNT",
            ..
        }
    ));
    for t in [Target::Rv710, Target::Rv730, Target::Rv740] {
        let u = Unit::Fetch(decode_fetch(t, Clause::Vtx, &w).unwrap());
        assert_eq!(u.to_string(), "RD_SCATTER BURST_CNT(1)");
        assert_eq!(parse_unit(t, "RD_SCATTER BURST_CNT(1)").unwrap().words(), w);
    }
    assert!(parse_unit(Target::Rv770, "RD_SCATTER BURST_CNT(1)").is_err());
}

// ---- generated checks (seeded random words), apart from the typed cases above ----

/// xorshift64*: a fixed seed, so a failure reproduces.
pub(crate) struct Rng(pub u64);
impl Rng {
    pub fn next(&mut self) -> u32 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) as u32
    }
}

/// Random words with a random subset of bits cleared (so valid encodings are common),
/// for each unit kind: whatever decodes re-encodes to the same words, and its text parses
/// back to the same words. Returns (tried, decoded) per kind for the report.
#[test]
fn decode_encode_print_parse_roundtrip_on_random_words() {
    let mut rng = Rng(0x7770_0000_0000_0001);
    for kind in ["cf", "alu", "tex", "vtx"] {
        let mut ok = 0;
        let n = 20_000;
        for _ in 0..n {
            let mut w = [0u32; 4];
            for x in &mut w {
                *x = rng.next() & rng.next() & rng.next();
            }
            if kind == "tex" || kind == "vtx" {
                w[3] = 0;
                if rng.next().is_multiple_of(4) {
                    w[0] = (w[0] & !0x1f) | 2; // the MEM escape
                }
            }
            let Ok(u) = unit(kind, &w) else { continue };
            ok += 1;
            let len = u.words().len();
            assert_eq!(u.words(), w[..len], "{kind} {w:x?}");
            let text = u.to_string();
            let back = parse_unit(T, &text).unwrap_or_else(|e| panic!("{kind} `{text}`: {e}"));
            assert_eq!(back.words(), w[..len], "{kind} `{text}`");
            assert_eq!(back, u, "{kind} `{text}`");
        }
        assert!(ok > n / 20, "{kind}: only {ok} of {n} decoded");
    }
}

/// Every row, on every target, encodes, decodes and prints as itself with all fields 0
/// but its opcode (what `gpuref coverage` counts).
#[test]
fn every_row_roundtrips_from_its_blank_encoding() {
    for t in Target::ALL {
        for i in 0..crate::instructions::rows().len() {
            let id = gpuref_core::isa::RowId(i as u16);
            assert!(
                crate::program::row_roundtrips(t, id),
                "{} on {}",
                crate::instructions::row(id).mnemonic,
                t.name()
            );
        }
    }
}
