//! Encoding vectors of AMD GCN5 (gfx900, `vectors/amd-gcn5-vega/encoding/`) and CDNA1
//! (gfx908, `vectors/amd-gcn5-mi100/encoding/`): for every instruction row of a format the
//! library decodes, and every form of the row (native, the VOP3 promotion, SDWA and DPP),
//! a few encodings with their LLVM-syntax text. The layout is in docs/vector-format.md
//! ("Encoding vectors").
//!
//! Nothing here knows which formats exist: rows come from `instructions::rows()` filtered by
//! `formats::is_supported`, forms from `Row::promotion()`, the fixed bits of a form from
//! `formats::template::opcode_bits`, and whether a word is an instruction from
//! `formats::decode`. A format another helper adds is picked up at the next `generate`.
//!
//! Per row and form: representatives (every other bit zero; then the low byte of the first
//! dword set to 0xff, 0xf9 and 0xfa, which is the literal, SDWA and DPP source code of the
//! VALU formats and the literal code of the scalar ones), then seeded random variants
//! (random other bits, some sparse so that must-be-zero fields are zero often enough, and
//! random following dwords for second dwords and literals). A candidate is kept when it
//! decodes to this row, uses exactly the dwords kept, and its text assembles back to the
//! same dwords (so every case checks both directions); duplicates are dropped. SDWA and DPP
//! forms are recognised by the `_sdwa`/`_dpp` suffix LLVM prints and filed apart.

use super::{case_id, Rng};
use crate::vector::{Case, FlagSpec, VecFile};
use gpuref_amd_gcn5::formats::{self, template::opcode_bits};
use gpuref_amd_gcn5::instructions::{rows, Format, Row};
use gpuref_amd_gcn5::Target;
use std::collections::{BTreeMap, HashSet};

/// Random variants kept per row and form (after the representatives).
pub const RANDOM_PER_FORM: usize = 5;
/// Random candidates tried per row and form.
const TRIES_PER_FORM: usize = 400;

/// The corpus folder of a target.
pub fn target_dir(target: Target) -> &'static str {
    match target {
        Target::Gfx900 => "amd-gcn5-vega",
        Target::Gfx908 => "amd-gcn5-mi100",
    }
}

/// The form of an encoded instruction, as its file names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Form {
    /// The row's own format (`vop2.vec`, `sop1.vec`, ...).
    Native(Format),
    /// The VOP3A/VOP3B encoding of a VOP1, VOP2, VOPC or VINTRP row.
    Promoted(Format),
    Sdwa,
    Dpp,
}

impl Form {
    /// The file (without `.vec`) the cases of this form go to.
    pub fn file(self) -> String {
        match self {
            Form::Native(f) | Form::Promoted(f) => f.name().to_ascii_lowercase(),
            Form::Sdwa => "sdwa".into(),
            Form::Dpp => "dpp".into(),
        }
    }
    fn label(self) -> &'static str {
        match self {
            Form::Native(_) => "native",
            Form::Promoted(_) => "vop3",
            Form::Sdwa => "sdwa",
            Form::Dpp => "dpp",
        }
    }
}

/// One encoding case before it becomes a vector line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Encoded {
    pub row: &'static Row,
    pub form: Form,
    pub words: Vec<u32>,
    pub text: String,
    /// Whether it is a representative (else seeded random).
    pub representative: bool,
}

/// `words` decoded on `target` to `row`, using exactly `words`, with a text that assembles
/// back to them: the kept prefix and its text, else `None`.
fn accept(target: Target, row: &'static Row, words: &[u32]) -> Option<(Vec<u32>, String)> {
    let (inst, used) = formats::decode(target, words).ok()?;
    // Rows are compared by value: a `const` table may have several addresses.
    if inst.row != row {
        return None;
    }
    let words = &words[..used];
    let text = inst.to_string();
    let back = formats::parse(target, &text).ok()?;
    (formats::encode(&back) == words).then(|| (words.to_vec(), text))
}

/// The form of a decoded instruction of `row` whose first dword has `format`'s bits.
fn form_of(row: &Row, format: Format, text: &str) -> Form {
    let mnemonic = text.split_whitespace().next().unwrap_or("");
    if mnemonic.ends_with("_sdwa") {
        Form::Sdwa
    } else if mnemonic.ends_with("_dpp") {
        Form::Dpp
    } else if format == row.format {
        Form::Native(format)
    } else {
        Form::Promoted(format)
    }
}

/// Every encoding case of one target, grouped by file, in row order.
pub fn cases(target: Target) -> BTreeMap<String, Vec<Encoded>> {
    collect(target).0
}

/// A row and form that got no case: the row, the form's format and opcode, and why the
/// form's simplest word (other bits zero) does not decode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Uncovered {
    pub row: &'static Row,
    pub format: Format,
    pub opcode: u16,
    pub reason: String,
}

/// [`cases`], and the rows and forms that got none (by the file they would go to).
pub fn collect(
    target: Target,
) -> (
    BTreeMap<String, Vec<Encoded>>,
    BTreeMap<String, Vec<Uncovered>>,
) {
    let mut files: BTreeMap<String, Vec<Encoded>> = BTreeMap::new();
    let mut uncovered: BTreeMap<String, Vec<Uncovered>> = BTreeMap::new();
    for row in rows().filter(|r| r.targets.contains(target) && formats::is_supported(r)) {
        let mut forms = vec![(row.format, row.opcode)];
        forms.extend(row.promotion().map(|p| (p.format, p.opcode)));
        for (format, opcode) in forms {
            let found = form_cases(target, row, format, opcode);
            if found.is_empty() {
                let (bits, _) = opcode_bits(format, opcode);
                let reason = match formats::decode(target, &[bits, 0, 0]) {
                    Err(e) => e.kind.to_string(),
                    Ok((inst, _)) => {
                        let text = inst.to_string();
                        match formats::parse(target, &text) {
                            Ok(back) if inst.row == row => format!(
                                "prints as `{text}`, which assembles to {} (another encoding of it), so no case can hold both directions",
                                crate::asm::words_text(&formats::encode(&back))
                            ),
                            Ok(_) => format!("decodes as {}", inst.row.name),
                            Err(e) => format!("prints as `{text}`, which does not assemble: {e}"),
                        }
                    }
                };
                let form = if format == row.format {
                    Form::Native(format)
                } else {
                    Form::Promoted(format)
                };
                uncovered.entry(form.file()).or_default().push(Uncovered {
                    row,
                    format,
                    opcode,
                    reason,
                });
            }
            for e in found {
                files.entry(e.form.file()).or_default().push(e);
            }
        }
    }
    (files, uncovered)
}

/// The cases of one row in one encoding (`format`, `opcode`): SDWA and DPP variants of a
/// VOP1/VOP2/VOPC row come out of its native encoding.
pub fn form_cases(target: Target, row: &'static Row, format: Format, opcode: u16) -> Vec<Encoded> {
    let (bits, mask) = opcode_bits(format, opcode);
    let free = !mask;
    let mut out: Vec<Encoded> = Vec::new();
    let mut seen: HashSet<Vec<u32>> = HashSet::new();
    let mut push = |words: &[u32], representative: bool, out: &mut Vec<Encoded>| -> bool {
        let Some((words, text)) = accept(target, row, words) else {
            return false;
        };
        if !seen.insert(words.clone()) {
            return false;
        }
        out.push(Encoded {
            row,
            form: form_of(row, format, &text),
            words,
            text,
            representative,
        });
        true
    };
    // Representatives: all other bits zero, then the special source codes in the low byte
    // (with a non-inline literal after it).
    for (low, next) in [(0, 0), (0xff, 0x1234_5678), (0xf9, 0), (0xfa, 0)] {
        push(&[bits | (low & free), next, 0], true, &mut out);
    }
    // Where all-zero fields do not decode (a store needs SMEM's IMM bit, an image store
    // UNORM, GWS the GDS bit, IMAGE_ATOMIC_CMPSWAP a two-bit DMASK and UNORM, the AccVGPR
    // moves three OP_SEL_HI bits and a VGPR source): the first word with the fewest bits set
    // in the first two dwords (up to 4) that decodes.
    // An error about the opcode itself (unknown, or a form the library does not decode)
    // cannot be fixed by other bits: no search then.
    let opcode_refused = || {
        use gpuref_core::decode::DecodeErrorKind as K;
        // (A word that decodes but does not roundtrip is not fixed by more bits either.)
        matches!(
            formats::decode(target, &[bits, 0, 0]).map_err(|e| e.kind),
            Ok(_)
                | Err(K::UnknownOpcode { .. }
                    | K::IllegalField {
                        field: "OP" | "ENCODING",
                        ..
                    })
        )
    };
    if out.is_empty() && !opcode_refused() {
        let positions: Vec<(usize, u32)> = (0..32)
            .filter(|b| free & (1 << b) != 0)
            .map(|b| (0, 1u32 << b))
            .chain((0..32).map(|b| (1, 1u32 << b)))
            .collect();
        for k in 1..=4 {
            let mut picks = vec![0usize; k];
            if first_with_bits(&positions, &mut picks, 0, 0, &mut |chosen| {
                let mut w = [bits, 0, 0];
                for &i in chosen {
                    let (wi, bit) = positions[i];
                    w[wi] |= bit;
                }
                push(&w, true, &mut out)
            }) {
                break;
            }
        }
    }
    // Seeded random variants, per form found (so SDWA and DPP get their own share).
    let mut rng = Rng::from_name(&format!(
        "{}|{}|{}|{opcode}",
        target.name(),
        row.name,
        format.name()
    ));
    let mut kept: BTreeMap<Form, usize> = BTreeMap::new();
    for e in &out {
        kept.entry(e.form).or_default();
    }
    let mut tries = 0;
    while tries < TRIES_PER_FORM {
        tries += 1;
        let r = rng.next_u64();
        let density = rng.next_u64();
        // Dense, half-sparse and sparse other bits, in turn.
        let mut other = match tries % 3 {
            0 => r as u32,
            1 => (r as u32) & ((r >> 32) as u32),
            _ => (r as u32) & ((r >> 32) as u32) & (density as u32),
        };
        // Every fourth try, a special source code in the low 9 bits (VALU SRC0: literal,
        // SDWA, DPP), so those forms get random variants of their own.
        if tries % 4 == 3 {
            other = (other & !0x1ff) | [0xff, 0xf9, 0xfa][(tries / 4) % 3];
        }
        let w1 = if tries % 2 == 0 {
            (density >> 32) as u32
        } else {
            ((density >> 32) as u32) & (rng.next_u64() as u32)
        };
        let w2 = rng.next_u64() as u32;
        let mut words = [bits | (other & free), w1, w2];
        // Every other try, a mutation of a kept case instead: one to four bits flipped, so
        // that formats with many must-be-zero or must-be-one bits get variants too.
        if tries % 2 == 1 && !out.is_empty() {
            let base = &out[(r as usize >> 8) % out.len()].words;
            words = [
                base[0],
                *base.get(1).unwrap_or(&w1),
                *base.get(2).unwrap_or(&w2),
            ];
            for k in 0..=(density as usize % 4) {
                let pick = (density >> (8 + 8 * k)) as u32;
                let (wi, bit) = ((pick as usize >> 5) % 3, pick & 31);
                if wi > 0 || free & (1 << bit) != 0 {
                    words[wi] ^= 1 << bit;
                }
            }
        }
        let before = out.len();
        if push(&words, false, &mut out) {
            let form = out[before].form;
            let n = kept.entry(form).or_default();
            if *n >= RANDOM_PER_FORM {
                out.pop();
            } else {
                *n += 1;
            }
        }
        if !kept.is_empty() && kept.values().all(|n| *n >= RANDOM_PER_FORM) && tries > 64 {
            break;
        }
    }
    out
}

/// What tells rows apart (rows are compared by value, never by address).
type RowKey = (&'static str, Format, u16);

fn row_key(row: &'static Row) -> RowKey {
    (row.name, row.format, row.opcode)
}

/// Try every choice of `picks.len()` distinct positions (in increasing order) until `f`
/// accepts one.
fn first_with_bits(
    positions: &[(usize, u32)],
    picks: &mut Vec<usize>,
    depth: usize,
    from: usize,
    f: &mut dyn FnMut(&[usize]) -> bool,
) -> bool {
    if depth == picks.len() {
        return f(picks);
    }
    for i in from..positions.len() {
        picks[depth] = i;
        if first_with_bits(positions, picks, depth + 1, i + 1, f) {
            return true;
        }
    }
    false
}

/// The file's header keys after the common ones.
fn header(target: Target, file: &str) -> Vec<(String, String)> {
    vec![
        ("isa".into(), "gcn5".into()),
        ("target".into(), target.name().into()),
        ("kind".into(), "encoding".into()),
        ("instruction".into(), format!("encoding.{file}")),
        ("level".into(), "representative,random".into()),
    ]
}

/// Every encoding file of the corpus: its path relative to the corpus root, and its content.
pub fn files(common: &[(String, String)]) -> Vec<(String, VecFile)> {
    let mut out = Vec::new();
    for target in Target::ALL {
        let (all, uncovered) = collect(target);
        for (file, cases) in all {
            let mut vf = VecFile {
                header: common.to_vec(),
                ..VecFile::default()
            };
            vf.header.extend(header(target, &file));
            // Rows of this file's format that no word decodes yet, named, not skipped silently.
            if let Some(u) = uncovered.get(&file) {
                let names: Vec<String> = u
                    .iter()
                    .map(|u| format!("{} ({})", u.row.name, u.reason))
                    .collect();
                vf.header.push(("uncovered".into(), names.join("; ")));
            }
            let mut last: Option<(RowKey, Form)> = None;
            for e in cases {
                let key = (row_key(e.row), e.form);
                if last != Some(key) {
                    vf.groups.push((
                        vf.cases.len(),
                        format!(
                            "{} ({} opcode {:#x}, {} form): representatives (other fields zero, then source codes 0xff/0xf9/0xfa) and seeded random fields",
                            e.row.name,
                            e.row.format.name(),
                            e.row.opcode,
                            e.form.label()
                        ),
                    ));
                    last = Some(key);
                }
                let key_words: Vec<u64> = e.words.iter().map(|w| u64::from(*w)).collect();
                vf.cases.push(Case {
                    id: case_id(
                        &e.row.mnemonic(),
                        &format!("{}|{}", target.name(), e.form.file()),
                        &key_words,
                    ),
                    words: e.words,
                    asm: e.text,
                    mode: String::new(),
                    inputs: Vec::new(),
                    outputs: Vec::new(),
                    flags: FlagSpec::Unchecked,
                    rules: Vec::new(),
                    line: 0,
                });
            }
            out.push((format!("{}/encoding/{file}.vec", target_dir(target)), vf));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every row of a decoded format gets cases in every form (native and VOP3) on every
    /// target that has it, except forms the library itself says it does not decode yet
    /// (its errors say "not decoded yet"), which are listed.
    #[test]
    fn every_decoded_row_and_form_has_cases() {
        let (mut missing, mut not_yet) = (Vec::new(), Vec::new());
        for target in Target::ALL {
            let (all, uncovered) = collect(target);
            let covered: HashSet<(RowKey, Format)> = all
                .values()
                .flatten()
                .filter(|e| matches!(e.form, Form::Native(_) | Form::Promoted(_)))
                .map(|e| {
                    let f = match e.form {
                        Form::Native(f) | Form::Promoted(f) => f,
                        _ => e.row.format,
                    };
                    (row_key(e.row), f)
                })
                .collect();
            let listed: Vec<&Uncovered> = uncovered.values().flatten().collect();
            for row in rows().filter(|r| r.targets.contains(target) && formats::is_supported(r)) {
                let mut forms = vec![row.format];
                forms.extend(row.promotion().map(|p| p.format));
                for f in forms {
                    if covered.contains(&(row_key(row), f)) {
                        continue;
                    }
                    let why = listed
                        .iter()
                        .find(|u| u.row == row && u.format == f)
                        .map(|u| u.reason.clone())
                        .unwrap_or_else(|| "not listed as uncovered".into());
                    let line = format!("{target} {} as {}: {why}", row.name, f.name());
                    // The library says it does not decode the form yet, or that the row has
                    // no such form, or LLVM's text of the form assembles to another one.
                    if why.contains("not decoded yet")
                        || why.contains("has no VOP3 form")
                        || why.contains("(another encoding of it)")
                    {
                        not_yet.push(line);
                    } else {
                        missing.push(line);
                    }
                }
            }
        }
        if !not_yet.is_empty() {
            println!("NOT_YET (forms not decoded yet, forms the row does not have, texts that assemble to another form):");
            for l in &not_yet {
                println!("  {l}");
            }
        }
        assert!(missing.is_empty(), "forms without a case: {missing:#?}");
    }

    #[test]
    fn known_encodings_are_in_the_corpus() {
        // Typed from llvm-mc -arch=amdgcn -mcpu=gfx900 -show-encoding:
        // s_add_u32 s0, s0, s0 ; encoding: [0x00,0x00,0x00,0x80]
        // s_nop 0 ; encoding: [0x00,0x00,0x80,0xbf]
        let all = cases(Target::Gfx900);
        let find = |file: &str, words: &[u32]| {
            all[file]
                .iter()
                .find(|e| e.words == words)
                .map(|e| e.text.clone())
        };
        assert_eq!(
            find("sop2", &[0x8000_0000]).as_deref(),
            Some("s_add_u32 s0, s0, s0")
        );
        assert_eq!(find("sopp", &[0xbf80_0000]).as_deref(), Some("s_nop 0"));
    }
}
