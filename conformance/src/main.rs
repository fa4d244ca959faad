//! `gpuref`: the command-line front end. See `gpuref --help`.

use clap::{Parser, Subcommand};
use gpuref_conformance::generate::gcn5_alu::coverage::Reuse;
use gpuref_conformance::{check, generate};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "gpuref",
    version,
    about = "Bit-precise GPU ISA reference: vectors, checks, tools",
    after_help = "Every command whose output is closed before it finishes (`gpuref run | head -1`) stops\nquietly with exit status 141 (128 + SIGPIPE, as a shell reports a writer a closed pipe\nstopped): neither success nor a failure (1) of what was checked."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Write the vector corpus (or, with --check, verify the committed one is up to date).
    Generate {
        /// Corpus root.
        #[arg(long, default_value = "vectors")]
        out: PathBuf,
        /// Compare with the files under --out instead of writing; exit 1 if any differs.
        #[arg(long)]
        check: bool,
        /// Only this ISA's files (float: the float core; gcn5: GCN5/CDNA1 encodings).
        /// Without it, the whole corpus.
        #[arg(long, value_parser = ["float", "gcn5"])]
        isa: Option<String>,
        /// Write only the GCN5 state-transition files, with at most N cases per row: an
        /// on-demand level (the committed corpus has 32; docs/design/0035). Needs an --out
        /// outside the committed corpus; `gpuref run --vectors DIR` runs it.
        #[arg(long, value_name = "N", conflicts_with_all = ["check", "isa", "random"])]
        state_cap: Option<usize>,
        /// With --state-cap: only these state families (comma-separated: ds, mubuf, mtbuf,
        /// flat, global, scratch, smem, mimg, program).
        #[arg(long, value_delimiter = ',', requires = "state_cap")]
        state_family: Vec<String>,
        /// Instead of the corpus: an on-demand seeded-random level of the GCN5 ALU vectors,
        /// N cases per instruction, written under --out (which must not be the committed
        /// corpus), with its own MANIFEST; run it with `gpuref run --vectors DIR`.
        #[arg(long, value_name = "N", conflicts_with_all = ["check", "isa"])]
        random: Option<usize>,
        /// Instead of writing vectors, ask z3 (the `z3` command) for the coverage level's
        /// inputs and rewrite conformance/coverage/<target>.tsv (run from the repository
        /// root; docs/design/0041).
        #[arg(long, conflicts_with_all = ["check", "random", "state_cap"])]
        solve_coverage: bool,
        /// Per-query z3 timeout of --solve-coverage, in milliseconds.
        #[arg(long, default_value_t = 2000)]
        timeout_ms: u64,
        /// With --solve-coverage: ask z3 again for every pair, not only for those whose
        /// query changed or has no answer.
        #[arg(long, requires = "solve_coverage", conflicts_with = "retry_unknown")]
        fresh: bool,
        /// With --solve-coverage: also ask z3 again for the unchanged queries it answered
        /// `unknown` (e.g. with a longer --timeout-ms).
        #[arg(long, requires = "solve_coverage")]
        retry_unknown: bool,
    },
    /// Run the corpus against the built-in reference or an adapter (`gpuref run --help`).
    Run,
    /// Speak the adapter protocol (version 2) on stdin/stdout, answering state requests
    /// with the built-in reference: `gpuref run --adapter 'gpuref adapter'`.
    Adapter,
    /// Check vector files (generated or hand-written) against the built-in reference.
    Check {
        /// Files or directories (searched for *.vec).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Print at most this many failure reports (all failures are still counted).
        #[arg(long, default_value_t = 50)]
        max_reports: usize,
    },
    /// Disassemble GCN5/CDNA1 machine code into LLVM-syntax text, one instruction per line.
    #[command(after_help = DISASM_HELP)]
    Disasm {
        /// gfx900 (Vega) or gfx908 (MI100).
        #[arg(long)]
        target: String,
        /// The code as hex dwords (`bf800000 c0020002 00000010`), instead of FILE.
        #[arg(long, conflicts_with = "file")]
        hex: Option<String>,
        /// A file of raw little-endian code bytes; `-` reads stdin.
        file: Option<PathBuf>,
    },
    /// Run one GCN5/CDNA1 instruction on a wave and print the registers it changed.
    #[command(after_help = EVAL_HELP)]
    Eval {
        /// gfx900 (Vega) or gfx908 (MI100).
        #[arg(long)]
        target: String,
        /// The MODE register (hex `0x...` or decimal) [default: 0x3f0, see below].
        #[arg(long)]
        mode: Option<String>,
        /// The instruction, in LLVM syntax.
        asm: String,
        /// Registers to set first: `s1=0x5`, `s[2:3]=...`, `vcc=...`, `exec=...`, `m0=...`,
        /// `scc=1`, `v1=...` (every lane), `v1[5]=...` (one lane), ...
        regs: Vec<String>,
    },
    /// Per target and format: opcode rows, and how many are decoded, have semantics, a z3
    /// model, vectors, or are exempt.
    Coverage {
        /// Only gfx900 or gfx908.
        #[arg(long)]
        target: Option<String>,
        /// table (with the reasons rows have no semantics) or csv.
        #[arg(long, default_value = "table", value_parser = ["table", "csv"])]
        format: String,
        /// Corpus root (vector counts).
        #[arg(long, default_value = "vectors")]
        vectors: PathBuf,
    },
    /// Generate the instruction reference: Markdown (checked in under docs/reference) and,
    /// with --out, the static HTML site (docs/design/0028).
    Docs {
        /// Write the HTML site here.
        #[arg(long)]
        out: Option<PathBuf>,
        /// The Markdown directory.
        #[arg(long, default_value = "docs/reference")]
        markdown: PathBuf,
        /// Compare the Markdown with the files under --markdown instead of writing; exit 1
        /// if any differs.
        #[arg(long)]
        check: bool,
        /// The repository root (design notes and sources the pages link to).
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Print an instruction's reference page (its encodings, rules, special values).
    Explain {
        /// The mnemonic, e.g. v_min_f32.
        mnemonic: String,
        /// Only this target's rows: gfx900 or gfx908.
        #[arg(long)]
        target: Option<String>,
        /// The repository root (the kernel's doc comment is read from its sources).
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Print the z3 model of a GCN5/CDNA1 ALU instruction as an SMT-LIB2 script.
    #[command(after_help = SMT_HELP)]
    Smt {
        /// gfx900 (Vega) or gfx908 (MI100).
        #[arg(long)]
        target: String,
        /// The MODE register (hex `0x...` or decimal) [default: 0x3f0].
        #[arg(long)]
        mode: Option<String>,
        /// End the script with (check-sat).
        #[arg(long)]
        check_sat: bool,
        /// The model of the VOP3 form with CLAMP set (docs/design/0042).
        #[arg(long)]
        clamp: bool,
        /// The model with OMOD N: 1 multiplies by 2, 2 by 4, 3 by 0.5 [default: 0].
        #[arg(long, default_value_t = 0)]
        omod: u8,
        /// The instruction's mnemonic (`s_add_u32`).
        mnemonic: String,
    },
    /// Assemble GCN5/CDNA1 LLVM-syntax text; prints each instruction's hex dwords.
    #[command(after_help = ASM_HELP)]
    Asm {
        /// gfx900 (Vega) or gfx908 (MI100).
        #[arg(long)]
        target: String,
        /// A file of assembly, instead of TEXT; `-` reads stdin.
        #[arg(long, conflicts_with = "text")]
        file: Option<PathBuf>,
        /// Instructions, one per line (`;` and `//` start comments).
        text: Option<String>,
    },
}

const DISASM_HELP: &str = "\
Output: one line per instruction, `OFFSET: WORDS  TEXT` (byte offset and dwords in hex).
A dword that does not start a valid instruction (unknown opcode, illegal field, truncated
instruction) is printed as `.long 0x...` followed by `// error: byte offset 0x..: REASON`,
and disassembly goes on with the next dword; trailing bytes that do not fill a dword are
printed as `.byte`. Every error is also written to stderr.
Exit status: 0 all decoded; 1 some dwords did not decode; 2 bad arguments or input (unknown
target, bad hex, unreadable file); 141 stdout was closed early (`gpuref --help`).";

const EVAL_HELP: &str = "\
Registers are 0 unless set; a VGPR given one value holds it in all 64 lanes. Output: one
`REG=0xVALUE` line per register the instruction changed (`scc=1`; a VGPR whose lanes all
changed alike as `v0=0x...`, otherwise `v0[LANE]=0x...` per changed lane; `pc=` only for a
jump). MODE defaults to 0x3f0: the manual gives no launch value, so this is LLVM 14's
default compute kernel setting (round to nearest even, denormals kept, DX10_CLAMP=1,
IEEE=1). Instructions without executable semantics yet say why.
Exit status: 0 executed; 1 the instruction has no semantics yet; 2 bad arguments.";

const ASM_HELP: &str = "\
Output: one line per instruction, its dwords in hex (what `disasm --hex` reads).
Errors name the line and column (`<text>:LINE:COL: REASON` or `FILE:LINE:COL: REASON`) and
the other lines are still assembled.
Exit status: 0 all assembled; 1 some lines did not assemble; 2 bad arguments or input.";

const SMT_HELP: &str = "\
Output: a self-contained SMT-LIB2 script for a stock `z3`: each source operand declared
(`s0` `s1` `s2`, `d_in` `scc_in` `vcc_in` `exec_in` `m0_in` `pc_in` `simm16` `lane`), each
result a `define-fun` (`d` `scc` `vcc` `exec` `m0` `pc`) and also a function of the operands
(`s_add_u32.d`). Append assertions to prove a rewrite, e.g.
  gpuref smt --target gfx900 s_add_u32 | { cat; echo '(assert (not (= d (s_add_u32.d s1 s0))))(check-sat)'; } | z3 -in
prints `unsat`. See docs/design/0027-smt-models.md.
`--clamp` and `--omod N` give the model of the VOP3 form with those output modifiers, for
the MODE given (OMOD is ignored under IEEE = 1 or with output denormals enabled); the
outputs keep their names, and a clamped float result adds `zero_any` (clamp(-0) is either
zero). See docs/design/0042-smt-output-modifiers.md.
Exit status: 0 printed; 1 the row has no model (the reason is printed); 2 bad arguments.";

const RUN_HELP: &str = "\
gpuref run: run the vector corpus against the built-in reference or an implementation

Usage: gpuref run [OPTIONS] [FILTER] [LIBTEST OPTIONS]

Options:
  --adapter CMD     run against the adapter started by `sh -c CMD` (docs/adapter-protocol.md);
                    without it, against the built-in reference
  --target T        only files whose target is T (e.g. ieee754, gfx900)
  --vectors DIR     corpus root [default: vectors]
  --timeout SECS    seconds to wait for each adapter answer [default: 10]
  --batch N         cases per batch sent to the adapter [default: 1024]
  --max-restarts N  adapter restarts allowed in the run [default: 20]
  --strict          compare with the reference's exact bits, not the vectors' acceptance sets
  --reports N       failure reports printed per file [default: 10]
  --no-progress     no progress bar (it is only drawn on a terminal anyway)

FILTER and the libtest options select and list the trials (one per instruction file):
  --list, --exact, --skip PATTERN, --test-threads N, --format pretty|terse|json, -q

Exit status: 0 every selected case passed (or was unsupported); 1 some failed, faulted or
could not be read; 2 bad arguments or a broken adapter; 141 stdout was closed early.
";

/// The exit status of every command whose stdout (or stderr) was closed before it finished
/// (`gpuref run | head -1`): 141, i.e. 128 + SIGPIPE, what a shell reports for a writer that
/// a closed pipe stopped. Nothing more is printed. It is neither success (the output was cut
/// short) nor a failure of the checked code (1) or bad arguments (2).
const CLOSED_PIPE: u8 = 141;

/// Whether a panic payload is a write to a closed pipe (`println!`'s panic, or an
/// `unwrap()` of the write error in libtest-mimic's printer).
fn is_closed_pipe(msg: Option<&str>) -> bool {
    msg.is_some_and(|m| m.contains("Broken pipe") || m.contains("BrokenPipe"))
}

fn main() -> ExitCode {
    // A write to a closed stdout panics in `println!` and in libtest-mimic's printer: such a
    // panic is silenced, stops the run's remaining trials, and exits with CLOSED_PIPE.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if is_closed_pipe(info.payload_as_str()) {
            gpuref_conformance::run::OUTPUT_CLOSED.store(true, std::sync::atomic::Ordering::SeqCst);
        } else {
            default_hook(info);
        }
    }));
    match std::panic::catch_unwind(dispatch) {
        Ok(code) => code,
        Err(p) => {
            let msg = p
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| p.downcast_ref::<&str>().copied());
            if is_closed_pipe(msg) {
                ExitCode::from(CLOSED_PIPE)
            } else {
                std::panic::resume_unwind(p)
            }
        }
    }
}

fn dispatch() -> ExitCode {
    let argv: Vec<String> = std::env::args().collect();
    if argv.get(1).map(String::as_str) == Some("run") {
        return cmd_run(&argv[2..]);
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // --help, --version or a usage error (exit 2), as clap prints them; help text
        // that cannot be written is a closed stdout.
        Err(e) => {
            return match e.print() {
                Err(_) if !e.use_stderr() => ExitCode::from(CLOSED_PIPE),
                _ => ExitCode::from(e.exit_code() as u8),
            }
        }
    };
    match cli.command {
        Command::Generate {
            solve_coverage: true,
            timeout_ms,
            fresh,
            retry_unknown,
            ..
        } => cmd_solve_coverage(
            timeout_ms,
            if fresh {
                Reuse::Nothing
            } else if retry_unknown {
                Reuse::Settled
            } else {
                Reuse::Unchanged
            },
        ),
        Command::Generate {
            out,
            state_cap: Some(cap),
            state_family,
            ..
        } => cmd_generate_state(&out, cap, &state_family),
        Command::Generate {
            out,
            check,
            isa,
            random,
            ..
        } => cmd_generate(&out, check, isa.as_deref(), random),
        Command::Check { paths, max_reports } => cmd_check(&paths, max_reports),
        Command::Adapter => {
            let code = gpuref_conformance::adapter_ref::serve(
                std::io::stdin().lock(),
                std::io::BufWriter::new(std::io::stdout().lock()),
            );
            ExitCode::from(code as u8)
        }
        Command::Docs {
            out,
            markdown,
            check,
            root,
        } => gpuref_conformance::docs::cmd_docs(&root, &markdown, out.as_deref(), check),
        Command::Explain {
            mnemonic,
            target,
            root,
        } => gpuref_conformance::docs::cmd_explain(&root, &mnemonic, target.as_deref()),
        Command::Run => cmd_run(&[]),
        Command::Disasm { target, hex, file } => cmd_disasm(&target, hex.as_deref(), file),
        Command::Asm { target, file, text } => cmd_asm(&target, file, text),
        Command::Eval {
            target,
            mode,
            asm,
            regs,
        } => cmd_eval(&target, mode.as_deref(), &asm, &regs),
        Command::Coverage {
            target,
            format,
            vectors,
        } => cmd_coverage(target.as_deref(), &format, &vectors),
        Command::Smt {
            target,
            mode,
            check_sat,
            clamp,
            omod,
            mnemonic,
        } => cmd_smt(
            &target,
            mode.as_deref(),
            &mnemonic,
            gpuref_smt::Mods { clamp, omod },
            check_sat,
        ),
    }
}

/// Read a file, or stdin for `-`.
fn read_input(path: &std::path::Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    if path.as_os_str() == "-" {
        let mut v = Vec::new();
        std::io::stdin().read_to_end(&mut v)?;
        Ok(v)
    } else {
        std::fs::read(path)
    }
}

fn cmd_disasm(target: &str, hex: Option<&str>, file: Option<PathBuf>) -> ExitCode {
    use gpuref_conformance::gcn5;
    use std::io::Write;
    let fail = |msg: String| {
        eprintln!("gpuref disasm: {msg}");
        ExitCode::from(2)
    };
    let target = match gcn5::parse_target(target) {
        Ok(t) => t,
        Err(e) => return fail(e),
    };
    let (words, trailing) = match (hex, file) {
        (Some(h), _) => match gcn5::parse_hex_words(h) {
            Ok(w) => (w, Vec::new()),
            Err(e) => return fail(format!("--hex: {e}")),
        },
        (None, Some(path)) => match read_input(&path) {
            Ok(bytes) => {
                let (w, rest) = gcn5::dwords_of(&bytes);
                (w, rest.to_vec())
            }
            Err(e) => return fail(format!("{}: cannot read: {e}", path.display())),
        },
        (None, None) => {
            return fail("give the code with --hex 'WORDS' or as a FILE (`-`: stdin)".into())
        }
    };
    let lines = gcn5::disassemble(target, &words, &trailing);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut errors = 0;
    for l in &lines {
        if writeln!(out, "{}", l.render()).is_err() {
            return ExitCode::from(CLOSED_PIPE);
        }
        if let Some(e) = &l.error {
            eprintln!("gpuref disasm: {e}");
            errors += 1;
        }
    }
    if out.flush().is_err() {
        return ExitCode::from(CLOSED_PIPE);
    }
    if errors > 0 {
        eprintln!(
            "gpuref disasm: {errors} of {} lines did not decode",
            lines.len()
        );
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn cmd_asm(target: &str, file: Option<PathBuf>, text: Option<String>) -> ExitCode {
    use gpuref_conformance::gcn5;
    let fail = |msg: String| {
        eprintln!("gpuref asm: {msg}");
        ExitCode::from(2)
    };
    let target = match gcn5::parse_target(target) {
        Ok(t) => t,
        Err(e) => return fail(e),
    };
    let (name, source) = match (file, text) {
        (Some(path), _) => match read_input(&path).map(String::from_utf8) {
            Ok(Ok(s)) => (path.display().to_string(), s),
            Ok(Err(e)) => {
                return fail(format!(
                    "{}: not UTF-8 text (byte offset {})",
                    path.display(),
                    e.utf8_error().valid_up_to()
                ))
            }
            Err(e) => return fail(format!("{}: cannot read: {e}", path.display())),
        },
        (None, Some(t)) => ("<text>".to_string(), t),
        (None, None) => {
            return fail("give the assembly as TEXT or with --file F (`-`: stdin)".into())
        }
    };
    let lines = gcn5::assemble(target, &source);
    let mut errors = 0;
    for l in &lines {
        match &l.result {
            Ok(words) => println!("{}", gcn5::words_text(words)),
            Err((col, reason)) => {
                eprintln!("gpuref asm: {name}:{}:{col}: {reason}", l.line);
                errors += 1;
            }
        }
    }
    if errors > 0 {
        eprintln!(
            "gpuref asm: {errors} of {} instructions did not assemble",
            lines.len()
        );
        ExitCode::from(1)
    } else if lines.is_empty() {
        fail(format!("{name}: no instructions"))
    } else {
        ExitCode::SUCCESS
    }
}

fn cmd_solve_coverage(timeout_ms: u64, reuse: Reuse) -> ExitCode {
    use generate::gcn5_alu::coverage;
    let t = std::time::Instant::now();
    let tty = std::io::stderr().is_terminal();
    let mut progress = |done: usize, total: usize, row: &str| {
        if tty || done.is_multiple_of(50) || done == total {
            eprint!("\rsolve-coverage: {done}/{total} {row:<24}");
        }
    };
    let (stats, kept) =
        match coverage::solve(std::path::Path::new("."), timeout_ms, reuse, &mut progress) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("\ngpuref generate --solve-coverage: {e}");
                return ExitCode::FAILURE;
            }
        };
    eprintln!();
    println!("coverage model\tsat\tunsat\tunknown\tmedian ms\tworst ms");
    let (mut sat, mut unsat, mut unknown) = (0, 0, 0);
    for (name, (s, u, k, times)) in &stats {
        let mut t = times.clone();
        t.sort_unstable();
        let median = t.get(t.len() / 2).copied().unwrap_or(0);
        let worst = t.last().copied().unwrap_or(0);
        println!("{name}\t{s}\t{u}\t{k}\t{median}\t{worst}");
        (sat, unsat, unknown) = (sat + s, unsat + u, unknown + k);
    }
    println!(
        "total: {} queries asked ({sat} sat, {unsat} unsat, {unknown} unknown) in {:.1?}; {kept} answers kept (their query unchanged)",
        sat + unsat + unknown,
        t.elapsed()
    );
    ExitCode::SUCCESS
}

fn cmd_generate(
    out: &std::path::Path,
    check_only: bool,
    isa: Option<&str>,
    random: Option<usize>,
) -> ExitCode {
    if let Some(e) = generate::gcn5_alu::coverage::cache_error() {
        eprintln!("gpuref generate: the coverage cache is malformed: {e} (rewrite it with `gpuref generate --solve-coverage`)");
        return ExitCode::FAILURE;
    }
    let tty = std::io::stderr().is_terminal();
    let mut progress = |done: usize, total: usize| {
        if tty {
            eprint!("\rgenerate: {done}/{total} files");
        }
    };
    let result = match random {
        Some(0) => {
            eprintln!("gpuref generate: --random 0: give the number of cases per instruction (at least 1)");
            return ExitCode::from(2);
        }
        Some(n) => {
            let manifest = out.join(gpuref_conformance::manifest::FILE);
            let committed = std::fs::read_to_string(&manifest)
                .is_ok_and(|t| t.lines().any(|l| l.starts_with("#!part ")));
            if committed {
                eprintln!(
                    "gpuref generate: {} holds a committed corpus (its MANIFEST states budgets): --random writes an on-demand level outside it; give another --out DIR",
                    out.display()
                );
                return ExitCode::from(2);
            }
            generate::run_random(out, n, &mut progress)
        }
        None => generate::run_isa(out, check_only, isa, &mut progress),
    };
    let report = match result {
        Ok(r) => r,
        Err(e) => {
            eprintln!("gpuref generate: {}: {e}", out.display());
            return ExitCode::from(2);
        }
    };
    if tty {
        eprintln!();
    }
    let mib = |b: usize| b as f64 / (1024.0 * 1024.0);
    println!(
        "{} files, {} cases, {:.1} MiB{} in {:.1} s ({:.0} cases/s)",
        report.files,
        report.cases,
        mib(report.bytes),
        if check_only {
            " (checked, not written)"
        } else {
            ""
        },
        report.seconds,
        report.cases as f64 / report.seconds.max(1e-9)
    );
    if !report.parts.is_empty() {
        let mut total = 0;
        for (name, t, budget) in &report.parts {
            total += t.bytes;
            println!(
                "  {name:<14} {:>5} files {:>8} cases {:>6.1} MiB of {:>3} MiB",
                t.files,
                t.cases,
                mib(t.bytes),
                budget / (1024 * 1024)
            );
        }
        println!(
            "  corpus         {:.1} MiB of {} MiB (vectors/MANIFEST lists every file)",
            mib(total),
            generate::BUDGET / (1024 * 1024)
        );
    }
    for m in &report.over_budget {
        eprintln!("gpuref generate: OVER BUDGET: {m} (docs/design/0039: lower the part's caps, or raise its budget there and in generate::PARTS with a reason)");
    }
    if !report.over_budget.is_empty() {
        if !check_only {
            eprintln!("gpuref generate: nothing written");
        }
        return ExitCode::from(1);
    }
    for p in &report.stale {
        println!(
            "stale: {} (run `gpuref generate` and commit the result)",
            p.display()
        );
    }
    for p in &report.extra {
        println!(
            "not generated: {} (remove it, or it is not part of the corpus)",
            p.display()
        );
    }
    if check_only && (!report.stale.is_empty() || !report.extra.is_empty()) {
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}

/// `gpuref generate --out DIR --state-cap N`: an on-demand level of state vectors.
fn cmd_generate_state(out: &std::path::Path, cap: usize, families: &[String]) -> ExitCode {
    use gpuref_conformance::generate::gcn5_state;
    let fail = |msg: String| {
        eprintln!("gpuref generate: {msg}");
        ExitCode::from(2)
    };
    let committed = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../vectors");
    let same = |a: &std::path::Path, b: &std::path::Path| matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y);
    if out == std::path::Path::new("vectors") || same(out, &committed) {
        return fail(format!(
            "--state-cap writes an on-demand level: give an --out outside the committed corpus (not {})",
            out.display()
        ));
    }
    let fams: Vec<&str> = if families.is_empty() {
        gcn5_state::families().to_vec()
    } else {
        families.iter().map(String::as_str).collect()
    };
    match gcn5_state::write_level(out, cap, &fams) {
        Ok(l) => {
            println!(
                "{} state files, {} cases, {:.1} MiB under {} (at most {cap} cases per row)",
                l.files,
                l.cases,
                l.bytes as f64 / (1024.0 * 1024.0),
                out.display()
            );
            for (t, rows, full) in &l.rows {
                println!("{t}: {full} of {rows} rows have {cap} cases");
            }
            ExitCode::SUCCESS
        }
        Err(e) => fail(e),
    }
}

fn cmd_check(paths: &[PathBuf], max_reports: usize) -> ExitCode {
    let mut files = Vec::new();
    let mut missing = Vec::new();
    check::collect_files(paths, &mut files, &mut missing);
    // Every problem with the input (a missing path, a malformed line, a file whose bytes are
    // not the manifest's, an unreadable file) counts as one failure.
    let mut problems = 0usize;
    for m in &missing {
        eprintln!("gpuref check: {}: no such file or directory", m.display());
        problems += 1;
    }
    // A file of a generated corpus is checked only if its bytes are the manifest's.
    for m in gpuref_conformance::manifest::verify(&files, paths) {
        eprintln!("gpuref check: {m}");
        problems += 1;
    }
    let results = check::check_files_parallel(&files);
    let ids = files.iter().zip(&results).flat_map(|(path, r)| {
        r.ids
            .iter()
            .map(move |(id, line)| (r.target.as_str(), path.as_path(), id.as_str(), *line))
    });
    for m in check::duplicate_ids(ids) {
        eprintln!("gpuref check: {m}");
        problems += 1;
    }
    let (mut passed, mut failed, mut reports) = (0usize, 0usize, 0usize);
    for r in &results {
        for e in &r.parse_errors {
            eprintln!("{e}");
            problems += 1;
        }
        if let Some(f) = &r.fatal {
            eprintln!("{f}");
            problems += 1;
        }
        passed += r.passed;
        failed += r.failed;
        for f in &r.failures {
            if reports < max_reports {
                print!("{f}");
            }
            reports += 1;
        }
    }
    if reports > max_reports {
        println!(
            "({} more failure reports not shown; --max-reports N)",
            reports - max_reports
        );
    }
    if files.is_empty() {
        eprintln!("gpuref check: no *.vec files found");
        problems += 1;
    }
    failed += problems;
    let of_which = if problems > 0 {
        format!(
            ", {problems} of the failures malformed lines or unreadable, missing or changed files"
        )
    } else {
        String::new()
    };
    println!(
        "{passed} passed, {failed} failed ({} files{of_which})",
        files.len()
    );
    if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn cmd_run(args: &[String]) -> ExitCode {
    use gpuref_conformance::{adapter, run};
    let mut opts = run::Options {
        vectors: PathBuf::from("vectors"),
        adapter: None,
        target: None,
        strict: false,
        reports_per_file: 10,
        progress: std::io::stderr().is_terminal(),
    };
    let (mut timeout, mut batch, mut max_restarts, mut command) =
        (10.0f64, 1024usize, 20usize, None);
    let mut rest = vec!["gpuref run".to_string()];
    let mut it = args.iter();
    let bad = |msg: String| -> ExitCode {
        eprintln!("gpuref run: {msg}\n\n{RUN_HELP}");
        ExitCode::from(2)
    };
    while let Some(a) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value"))
        };
        let r: Result<(), String> = match a.as_str() {
            "-h" | "--help" => {
                print!("{RUN_HELP}");
                return ExitCode::SUCCESS;
            }
            "--adapter" => value("--adapter").map(|v| command = Some(v)),
            "--target" => value("--target").map(|v| opts.target = Some(v)),
            "--vectors" => value("--vectors").map(|v| opts.vectors = PathBuf::from(v)),
            "--timeout" => value("--timeout").and_then(|v| {
                v.parse::<f64>()
                    .ok()
                    .filter(|t| *t > 0.0 && *t < 1e6)
                    .map(|t| timeout = t)
                    .ok_or(format!(
                        "--timeout: `{v}` is not a positive number of seconds"
                    ))
            }),
            "--batch" => value("--batch").and_then(|v| {
                v.parse::<usize>()
                    .ok()
                    .filter(|n| *n > 0)
                    .map(|n| batch = n)
                    .ok_or(format!("--batch: `{v}` is not a positive integer"))
            }),
            "--max-restarts" => value("--max-restarts").and_then(|v| {
                v.parse::<usize>()
                    .map(|n| max_restarts = n)
                    .map_err(|_| format!("--max-restarts: `{v}` is not an integer"))
            }),
            "--reports" => value("--reports").and_then(|v| {
                v.parse::<usize>()
                    .map(|n| opts.reports_per_file = n)
                    .map_err(|_| format!("--reports: `{v}` is not an integer"))
            }),
            "--strict" => {
                opts.strict = true;
                Ok(())
            }
            "--no-progress" => {
                opts.progress = false;
                Ok(())
            }
            _ => {
                rest.push(a.clone());
                Ok(())
            }
        };
        if let Err(e) = r {
            return bad(e);
        }
    }
    opts.adapter = command.map(|command| adapter::Config {
        command,
        timeout: std::time::Duration::from_secs_f64(timeout),
        batch,
        max_restarts,
    });
    let libtest_args = match libtest_mimic::Arguments::try_parse_from(&rest) {
        Ok(a) => a,
        Err(e) => return bad(e.to_string()),
    };
    if libtest_args.test_threads == Some(0) {
        return bad("--test-threads 0: give at least 1 thread".into());
    }
    ExitCode::from(run::run(opts, libtest_args) as u8)
}

fn cmd_smt(
    target: &str,
    mode: Option<&str>,
    mnemonic: &str,
    mods: gpuref_smt::Mods,
    check_sat: bool,
) -> ExitCode {
    use gpuref_conformance::smt::{smt, SmtError};
    match smt(target, mode, mnemonic, mods, check_sat) {
        Ok(s) => {
            print!("{s}");
            ExitCode::SUCCESS
        }
        Err(SmtError::Unmodelled(m)) => {
            eprintln!("gpuref smt: {m}");
            ExitCode::from(1)
        }
        Err(SmtError::Usage(m)) => {
            eprintln!("gpuref smt: {m}");
            ExitCode::from(2)
        }
    }
}

fn cmd_eval(target: &str, mode: Option<&str>, asm: &str, regs: &[String]) -> ExitCode {
    use gpuref_conformance::{eval, gcn5};
    let fail = |msg: String| {
        eprintln!("gpuref eval: {msg}");
        ExitCode::from(2)
    };
    let target = match gcn5::parse_target(target) {
        Ok(t) => t,
        Err(e) => return fail(e),
    };
    let mode = match mode {
        None => eval::DEFAULT_MODE,
        Some(m) => {
            let parsed = match m.strip_prefix("0x").or_else(|| m.strip_prefix("0X")) {
                Some(h) => u32::from_str_radix(h, 16),
                None => m.parse(),
            };
            match parsed {
                Ok(v) => v,
                Err(_) => {
                    return fail(format!(
                        "--mode `{m}`: expected a 32-bit hex or decimal value"
                    ))
                }
            }
        }
    };
    match eval::eval(target, mode, asm, regs) {
        Ok(out) => {
            print!("{out}");
            ExitCode::SUCCESS
        }
        Err(eval::EvalError::Usage(e)) => fail(e),
        Err(eval::EvalError::NoSemantics(e)) => {
            eprintln!("gpuref eval: {e}");
            ExitCode::from(1)
        }
    }
}

fn cmd_coverage(target: Option<&str>, format: &str, vectors: &std::path::Path) -> ExitCode {
    use gpuref_conformance::{coverage, gcn5};
    let only = match target.map(gcn5::parse_target).transpose() {
        Ok(t) => t,
        Err(e) => {
            eprintln!("gpuref coverage: {e}");
            return ExitCode::from(2);
        }
    };
    let lines = coverage::gcn5(vectors, only);
    if format == "csv" {
        print!("{}", coverage::csv(&lines));
    } else {
        print!("{}", coverage::table(&lines, &coverage::pending(only)));
    }
    ExitCode::SUCCESS
}
