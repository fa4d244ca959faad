//! External differential (issue 19): gpuref's words through `intel-gen4disasm -g 7`
//! (Debian `intel-gpu-tools`, binaries installed by `scripts/setup`): the same mnemonic,
//! execution size and destination register. A missing tool fails the test naming
//! `scripts/setup`. Known differences (docs/design/0045-gen7-encodings.md, "Differentials")
//! are classified, counted and printed; any other disagreement fails.

mod common;
use common::{corpus, one_per_row, tool, Rng};
use gpuref_intel_gen7::formats::native::{Body, Src};
use gpuref_intel_gen7::instructions::Shape;
use gpuref_intel_gen7::{decode, encode, parse, Inst};
use std::collections::BTreeMap;
use std::process::Command;

/// What `intel-gen4disasm -g 7` says of one native instruction line: mnemonic (without
/// predicate, conditional suffix or math function), execution size, destination GRF.
fn gen4_fields(line: &str) -> (String, Option<u32>, Option<u32>) {
    let mut t = line.trim();
    if t.starts_with('(') {
        t = t.split_once(')').map_or(t, |x| x.1).trim_start();
    }
    let head: String = t
        .chars()
        .take_while(|c| *c != '(' && !c.is_whitespace())
        .collect();
    let mnemonic = head.split('.').next().unwrap_or("").to_string();
    let exec = t[head.len()..]
        .strip_prefix('(')
        .and_then(|r| r.split_once(')'))
        .and_then(|(n, _)| n.parse().ok());
    let dst = t
        .split_whitespace()
        .nth(1)
        .and_then(|d| d.strip_prefix('g'))
        .and_then(|d| d.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse().ok());
    (mnemonic, exec, dst)
}

/// Opcodes intel-gen4disasm does not know by their Ivy Bridge name (it predates them, or
/// keeps an earlier generation's name for the opcode value): gpuref's mnemonic, its.
const GEN4_NAMES: &[(&str, &str)] = &[("brc", "iff"), ("call", "msave"), ("ret", "mrest")];

#[test]
fn intel_gen4disasm_reads_gpuref_words_alike() {
    let disasm = tool("intel-gen4disasm", "intel-gpu-tools (its intel-gen4disasm)");
    let dir = std::env::temp_dir().join(format!("gpuref-gen7-g4-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Native words of every row: the corpus plus one instruction per opcode.
    let mut insts: Vec<Inst> = corpus(400).iter().map(|t| parse(t).unwrap()).collect();
    insts.extend(
        one_per_row()
            .iter()
            .map(|t| parse(t).unwrap_or_else(|e| panic!("{t}: {e}"))),
    );
    let mut rng = Rng(0x0045_6e34);
    let mut tries = 0;
    while tries < 400_000 {
        tries += 1;
        let w = [
            rng.next() as u32 & !(1 << 29) & !0x80,
            rng.next() as u32,
            rng.next() as u32,
            rng.next() as u32,
        ];
        if let Ok((i, 4)) = decode(&w) {
            insts.push(i);
        }
    }
    insts.retain(|i| !i.compacted && i.shape() != Shape::NoOperands);
    // intel-gen4disasm dies of SIGFPE on a DF (type 110) operand: its type-size table has
    // no DF. Those are left out, and counted.
    let has_df = |i: &Inst| match i.body {
        Body::Common {
            dst, src0, src1, ..
        } => {
            dst.ty == 6
                || [src0, src1]
                    .iter()
                    .any(|s| matches!(s, Src::Reg(r) if r.ty == 6))
        }
        Body::Three { dst_ty, src_ty, .. } => dst_ty == 6 || src_ty == 6,
        _ => false,
    };
    let before = insts.len();
    insts.retain(|i| !has_df(i));
    let df = before - insts.len();
    let lines: Vec<String> = insts
        .iter()
        .map(|i| {
            let w = encode(i);
            // A nop after each: some instructions print more than one line.
            format!(
                "{{ 0x{:08x}, 0x{:08x}, 0x{:08x}, 0x{:08x} }},\n{{ 0x0000007e, 0x0, 0x0, 0x0 }},",
                w[0], w[1], w[2], w[3]
            )
        })
        .collect();
    let hex = dir.join("in.hex");
    std::fs::write(&hex, lines.join("\n") + "\n").unwrap();
    let out = Command::new(&disasm)
        .args(["-g", "7"])
        .arg(&hex)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{:?} {} (input kept in {})\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr),
        dir.display(),
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .rev()
            .take(3)
            .collect::<Vec<_>>()
            .join("\n")
    );
    let _ = std::fs::remove_dir_all(&dir);
    let text = String::from_utf8_lossy(&out.stdout);
    let mut theirs: Vec<&str> = Vec::new();
    let mut fresh = true;
    for l in text.lines() {
        if l.trim_start().starts_with("nop") {
            fresh = true;
        } else if fresh {
            theirs.push(l);
            fresh = false;
        }
    }
    assert_eq!(theirs.len(), insts.len(), "one line per instruction");
    let (mut same, mut renamed) = (0, BTreeMap::new());
    let mut bad = Vec::new();
    let mut seen_rows = std::collections::BTreeSet::new();
    for (i, line) in insts.iter().zip(&theirs) {
        let ours = gpuref_intel_gen7::instructions::ROWS[i.row.index()].mnemonic;
        seen_rows.insert(ours);
        let (m, exec, dst) = gen4_fields(line);
        let exec_ours = [1, 2, 4, 8, 16, 32][usize::from(i.ctrl.exec_size)];
        if line.contains("invalid opcode value") {
            *renamed
                .entry(format!("{ours} → unknown to intel-gen4disasm"))
                .or_insert(0) += 1;
            continue;
        }
        let name_ok = m == ours || GEN4_NAMES.contains(&(ours, m.as_str()));
        let exec_ok = exec.is_none() || exec == Some(exec_ours);
        let dst_ok = match (i.body, dst) {
            // intel-gen4disasm prints `wait` with its source only.
            _ if ours == "wait" => true,
            (Body::Common { dst: d, .. }, Some(g)) if d.file == 1 => {
                matches!(d.addr, gpuref_intel_gen7::formats::native::Addr::Direct { reg, .. } if u32::from(reg) == g)
            }
            (Body::Three { dst_reg, .. }, Some(g)) => u32::from(dst_reg) == g,
            _ => true,
        };
        if name_ok && exec_ok && dst_ok {
            if m == ours {
                same += 1;
            } else {
                *renamed.entry(format!("{ours} → {m}")).or_insert(0) += 1;
            }
        } else {
            bad.push(format!("{i}\n  intel-gen4disasm: {line}"));
        }
    }
    eprintln!(
        "intel-gen4disasm -g 7 on {} native instructions ({} rows; {df} with DF operands left out): {same} same mnemonic, execution size and destination",
        insts.len(),
        seen_rows.len()
    );
    for (k, n) in &renamed {
        eprintln!("  known renaming ({n}): {k}");
    }
    assert!(
        bad.is_empty(),
        "{} disagreements:\n{}",
        bad.len(),
        bad.iter().take(30).cloned().collect::<Vec<_>>().join("\n")
    );
}
