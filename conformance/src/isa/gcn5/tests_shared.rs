//! Tests of the shared layers (the state-file reader, the budgets, asm/disasm) on GCN5
//! data: they live in GCN5's folder so the shared files name no ISA.

mod state_files {
    use crate::state::*;
    use std::path::Path;

    const HEADER: &str = r#"{"gpuref_vectors": 1, "kind": "state", "isa": "gcn5", "target": "gfx900", "instruction": "state.mubuf", "later_key": 5}"#;
    const CASE: &str = r#"{"id": "x.1", "words": ["e0500000", "80010100"], "asm": "buffer_load_dword v1, v0, s[4:7], 0 offen", "mode": {"mode": "0x3f0"}, "initial": {"exec": "0x3", "v0": {"0": "0x0", "1": "0x4"}, "s4": "0x1000", "mem": {"0x1000": "00112233"}}, "final": {"v1": {"0": "0x33221100", "1": "nan:f32"}, "mem": {"0x1000": "??00"}}, "rules": ["gcn5.mubuf.range_check"]}"#;

    #[test]
    fn reads_the_documented_example() {
        let (f, errs) = parse(Path::new("s.jsonl"), &format!("{HEADER}\n{CASE}\n"));
        assert!(errs.is_empty(), "{errs:?}");
        assert_eq!(f.header.as_ref().map(|h| h.isa.as_str()), Some("gcn5"));
        assert_eq!(f.cases.len(), 1);
        assert_eq!(f.cases[0].line, 2);
        assert_eq!(f.cases[0].flags, "*");
        assert!(matches!(f.cases[0].initial.get("mem"), Some(Value::Map(_))));
        // Written back, it reads the same.
        let again = parse(Path::new("s.jsonl"), &f.to_text()).0;
        assert_eq!(again.cases[0].final_state, f.cases[0].final_state);
    }

    #[test]
    fn errors_name_line_and_column_and_keep_the_rest() {
        let bad_json = r#"{"id": "x.2", "words": [}"#;
        let bad_hex = CASE.replace("\"0x4\"", "\"4\"");
        let bad_mem = CASE.replace("00112233", "0011223");
        let bad_lane = CASE.replace("\"1\": \"0x4\"", "\"64\": \"0x4\"");
        let unsettled_initial = CASE.replace("00112233", "0011??33");
        let text = format!(
            "{HEADER}\n{bad_json}\n{bad_hex}\n{bad_mem}\n{bad_lane}\n{unsettled_initial}\n{CASE}\n"
        );
        let (f, errs) = parse(Path::new("b.jsonl"), &text);
        assert_eq!(f.cases.len(), 1);
        assert_eq!(errs.len(), 5, "{errs:?}");
        assert_eq!((errs[0].line, errs[0].column), (2, 25), "{}", errs[0]);
        assert!(
            errs[1]
                .to_string()
                .starts_with("b.jsonl:3:1: initial: `v0[1]`: bad value `4`"),
            "{}",
            errs[1]
        );
        assert!(
            errs[2].message.contains("pairs of hex digits"),
            "{}",
            errs[2]
        );
        assert!(errs[3].message.contains("bad lane `64`"), "{}", errs[3]);
        assert!(errs[4].message.contains("initial: `mem`"), "{}", errs[4]);
        let missing = CASE.replace(
            r#""asm": "buffer_load_dword v1, v0, s[4:7], 0 offen", "#,
            "",
        );
        let (_, errs) = parse(Path::new("m.jsonl"), &format!("{HEADER}\n{missing}\n"));
        assert!(
            errs[0].message.contains("missing field `asm`"),
            "{}",
            errs[0]
        );
        let (_, errs) = parse(
            Path::new("v.jsonl"),
            &HEADER.replace("\"gpuref_vectors\": 1", "\"gpuref_vectors\": 2"),
        );
        assert!(errs[0].message.contains("unsupported format version 2"));
        let (_, errs) = parse(Path::new("e.jsonl"), "");
        assert!(errs[0].message.contains("no header"));
    }
}

mod parts {
    use crate::generate::part_of;

    #[test]
    fn gcn5_paths_fall_in_their_part() {
        assert_eq!(
            part_of("amd-gcn5-mi100/alu/vop2/v_add_f32.vec"),
            Some("gcn5-alu")
        );
        assert_eq!(part_of("amd-gcn5-vega/alu/index.md"), Some("gcn5-alu"));
        assert_eq!(
            part_of("amd-gcn5-vega/encoding/sop2.vec"),
            Some("gcn5-encoding")
        );
        assert_eq!(part_of("amd-gcn5-vega/state/ds.jsonl"), Some("gcn5-state"));
        assert_eq!(part_of("amd-gcn5-vega/other/x.vec"), None);
    }
}

mod asm {
    use crate::asm::*;
    use gpuref_amd_gcn5::{Gcn5, Target};

    #[test]
    fn hex_words_and_their_errors() {
        assert_eq!(
            parse_hex_words(" bf800000, 0x1\n0XfF ").unwrap(),
            vec![0xbf80_0000, 1, 0xff]
        );
        assert_eq!(parse_hex_words("").unwrap(), Vec::<u32>::new());
        let e = parse_hex_words("bf800000 123456789").unwrap_err();
        assert!(e.starts_with("column 10: `123456789`"), "{e}");
        let e = parse_hex_words("0x").unwrap_err();
        assert!(e.starts_with("column 1: `0x`"), "{e}");
        let e = parse_hex_words("é zz").unwrap_err();
        assert!(e.starts_with("column 1: `é`"), "{e}");
    }

    #[test]
    fn disassembly_goes_on_after_a_bad_dword() {
        // s_nop 0, an unknown SOP1 opcode (0xff), s_endpgm, then 2 stray bytes.
        let words = [0xbf80_0000, 0xbe80_ff00, 0xbf81_0000];
        let lines = disassemble::<Gcn5>(Target::Gfx900, &words, &[1, 2]);
        let text: Vec<String> = lines.iter().map(Line::render).collect();
        assert_eq!(text[0], "00000000: bf800000                   s_nop 0");
        assert!(
            text[1].starts_with("00000004: be80ff00                   .long 0xbe80ff00 // error: byte offset 0x4: unknown SOP1 opcode 255 on gfx900"),
            "{}",
            text[1]
        );
        assert_eq!(text[2], "00000008: bf810000                   s_endpgm");
        assert!(text[3].contains(".byte 0x01, 0x02 // error: byte offset 0xc: 2 trailing bytes"));
    }

    #[test]
    fn assembly_reports_line_and_column() {
        let src = "; a comment\n\n  s_nop 0 // idle\ns_add_u32 s0, s1, bogus\n";
        let out = assemble::<Gcn5>(Target::Gfx900, src, false);
        assert_eq!(out.len(), 2);
        assert_eq!(out[0].line, 3);
        assert_eq!(out[0].result, Ok(vec![0xbf80_0000]));
        assert_eq!(out[1].line, 4);
        let (col, reason) = out[1].result.clone().unwrap_err();
        assert_eq!(col, 19, "{reason}");
    }

    /// A legality violation (two SGPRs on the constant bus) is located at the operand and
    /// names its rule; `lenient` encodes it (docs/design/0046).
    #[test]
    fn legality_is_checked_unless_lenient() {
        let src = "v_add_f32_e64 v0, s1, s2\n";
        let out = assemble::<Gcn5>(Target::Gfx900, src, false);
        let (col, reason) = out[0].result.clone().unwrap_err();
        assert_eq!(col, 23, "{reason}");
        assert!(reason.contains("gcn5.asm.constant_bus.sgpr"), "{reason}");
        assert!(reason.contains("--lenient"), "{reason}");
        let out = assemble::<Gcn5>(Target::Gfx900, src, true);
        assert_eq!(out[0].result, Ok(vec![0xd101_0000, 0x0000_0401]));
    }
}
