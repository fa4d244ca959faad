//! `gpuref`: the command-line front end. See `gpuref --help`.

use clap::{Parser, Subcommand};
use gpuref_conformance::generate::OnDemand;
use gpuref_conformance::isa::{self, Reuse};
use gpuref_conformance::{check, generate, repo};
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
        /// Only this ISA's files (`float`: the float core; one of the registry's ISAs).
        /// Without it, the whole corpus.
        #[arg(long)]
        isa: Option<String>,
        /// Write only the state-transition files, with at most N cases per row: an
        /// on-demand level (the committed corpus has 32; docs/design/0035). Needs an --out
        /// outside the committed corpus; `gpuref run --vectors DIR` runs it.
        #[arg(long, value_name = "N", conflicts_with_all = ["check", "isa", "random"])]
        state_cap: Option<usize>,
        /// With --state-cap: only these state families (comma-separated: ds, mubuf, mtbuf,
        /// flat, global, scratch, smem, mimg, program).
        #[arg(long, value_delimiter = ',', requires = "state_cap")]
        state_family: Vec<String>,
        /// Instead of the corpus: an on-demand seeded-random level of the ALU value vectors,
        /// N cases per instruction, written under --out (which must not be the committed
        /// corpus), with its own MANIFEST; run it with `gpuref run --vectors DIR`. Takes
        /// --isa and the filters below, as `gpuref run` does (they pick the level's files
        /// and cases after it is drawn, so a case is the same with or without them).
        #[arg(long, value_name = "N", conflicts_with_all = ["check"], group = "on_demand")]
        random: Option<usize>,
        /// Instead of the corpus: the special-value level of the ALU value vectors under
        /// every MODE of each float row's file (the committed corpus holds it under the
        /// default MODE only: docs/design/0048), written under --out as --random is. Takes
        /// --isa and the filters below.
        #[arg(long, conflicts_with_all = ["check"], group = "on_demand")]
        special_all: bool,
        #[command(flatten)]
        filters: RandomFilterArgs,
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
        /// Files or directories (searched for *.vec and *.jsonl) [default: the corpus,
        /// vectors/ of the repository gpuref was built in, or of $GPUREF_ROOT].
        paths: Vec<PathBuf>,
        /// Print at most this many failure reports (all failures are still counted).
        #[arg(long, default_value_t = 50)]
        max_reports: usize,
        #[command(flatten)]
        filters: FilterArgs,
    },
    /// Disassemble machine code into assembly text, one instruction per line.
    Disasm {
        /// The target (the list of targets is below).
        #[arg(long)]
        target: String,
        /// The code as hex dwords (`bf800000 c0020002 00000010`), instead of FILE.
        #[arg(long, conflicts_with = "file")]
        hex: Option<String>,
        /// A file of raw little-endian code bytes; `-` reads stdin.
        file: Option<PathBuf>,
    },
    /// Run one instruction on a fresh state and print the registers it changed.
    Eval {
        /// The target (the list of targets is below).
        #[arg(long)]
        target: String,
        /// The MODE register (hex `0x...` or decimal) [default: 0x3f0, see below].
        #[arg(long)]
        mode: Option<String>,
        /// The instruction, in the ISA's assembly syntax.
        asm: String,
        /// Registers to set first, `REG=VALUE`, by the ISA's register names (listed below,
        /// per ISA).
        regs: Vec<String>,
    },
    /// Per target and format: opcode rows, and how many are decoded, have semantics, a z3
    /// model, vectors, or are exempt.
    Coverage {
        /// Only this target.
        #[arg(long)]
        target: Option<String>,
        /// table (with the reasons rows have no semantics) or csv.
        #[arg(long, default_value = "table", value_parser = ["table", "csv"])]
        format: String,
        /// Corpus root (vector counts) [default: vectors/ of the repository gpuref was built
        /// in, or of $GPUREF_ROOT].
        #[arg(long, visible_alias = "corpus")]
        vectors: Option<PathBuf>,
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
        /// The repository root (design notes, sources and vectors the pages link to)
        /// [default: the repository gpuref was built in, or $GPUREF_ROOT].
        #[arg(long)]
        root: Option<PathBuf>,
    },
    /// Print an instruction's reference page (its encodings, rules, special values).
    Explain {
        /// The mnemonic, e.g. v_min_f32.
        mnemonic: String,
        /// Only this target's rows.
        #[arg(long)]
        target: Option<String>,
        /// The repository root (the kernel's doc comment is read from its sources)
        /// [default: the repository gpuref was built in, or $GPUREF_ROOT].
        #[arg(long)]
        root: Option<PathBuf>,
    },
    /// Print the z3 model of an ALU instruction as an SMT-LIB2 script.
    Smt {
        /// The target (the list of targets is below).
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
    /// Assemble text in the ISA's assembly syntax; prints each instruction's hex dwords.
    Asm {
        /// The target (the list of targets is below).
        #[arg(long)]
        target: String,
        /// A file of assembly, instead of TEXT; `-` reads stdin.
        #[arg(long, conflicts_with = "text")]
        file: Option<PathBuf>,
        /// Skip the legality rules (constant bus, ...): encode whatever the encoding holds,
        /// as the hardware would decode it, even where the manual calls it illegal.
        #[arg(long)]
        lenient: bool,
        /// Instructions, one per line (`;` and `//` start comments).
        text: Option<String>,
    },
}

/// The filters `generate --random` and `--special-all` take besides --isa (docs/design/
/// 0047).
#[derive(clap::Args, Debug, Default)]
struct RandomFilterArgs {
    /// With --random or --special-all: only files of this target.
    #[arg(long = "target", value_name = "T", requires = "on_demand")]
    target: Vec<String>,
    /// With --random or --special-all: only this part (an ALU row format: vop2, sop1).
    #[arg(long = "part", value_name = "P", requires = "on_demand")]
    part: Vec<String>,
    /// With --random or --special-all: only this instruction (globs `*`, `?`).
    #[arg(long = "instruction", value_name = "I", requires = "on_demand")]
    instruction: Vec<String>,
    /// With --random or --special-all: only cases whose mode tuple holds these items (`mode=0x0`).
    #[arg(long = "mode", value_name = "M", requires = "on_demand")]
    mode: Vec<String>,
    /// With --random or --special-all: only cases whose least settled rule has this status.
    #[arg(long = "status", value_name = "S", requires = "on_demand")]
    status: Vec<String>,
}

/// The case filters (`gpuref run --help` lists them; docs/design/0047). Each may be
/// repeated or take comma-separated values.
#[derive(clap::Args, Debug, Default)]
struct FilterArgs {
    /// Only files of this ISA.
    #[arg(long = "isa", value_name = "NAME")]
    isa: Vec<String>,
    /// Only files of this target.
    #[arg(long = "target", value_name = "T")]
    target: Vec<String>,
    /// Only this part: a format folder (alu, encoding, state, f32, ...) or an ALU row format
    /// (vop2, sop1).
    #[arg(long = "part", value_name = "P")]
    part: Vec<String>,
    /// Only this instruction: the file's `instruction` header or a case's mnemonic (globs
    /// `*`, `?`).
    #[arg(long = "instruction", value_name = "I")]
    instruction: Vec<String>,
    /// Only cases whose mode tuple holds these items (`mode=0x0`, `round=rtz`).
    #[arg(long = "mode", value_name = "M")]
    mode: Vec<String>,
    /// Only cases of this level (edge, special, random, coverage, regression, spec, ...).
    #[arg(long = "level", value_name = "L")]
    level: Vec<String>,
    /// Only cases whose least settled rule has this status (specified, inferred,
    /// contested, unspecified).
    #[arg(long = "status", value_name = "S")]
    status: Vec<String>,
}

impl FilterArgs {
    fn filter(&self) -> Result<gpuref_conformance::filter::Filter, String> {
        let mut f = gpuref_conformance::filter::Filter::default();
        for (k, vs) in gpuref_conformance::filter::KINDS.iter().zip([
            &self.isa,
            &self.target,
            &self.part,
            &self.instruction,
            &self.mode,
            &self.level,
            &self.status,
        ]) {
            for v in vs {
                f.add(k, v)?;
            }
        }
        Ok(f)
    }
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
Registers are 0 unless set. Output: one `REG=0xVALUE` line per register the instruction
changed; a result the manual leaves open says what else it accepts and the rule.
Instructions without executable semantics yet say why. Notes about the run (such as no lane
being active) go to stderr as `gpuref eval: note: ...` and leave the exit status 0.
Exit status: 0 executed; 1 the instruction has no semantics yet; 2 bad arguments.";

const ASM_HELP: &str = "\
Output: one line per instruction, its dwords in hex (what `disasm --hex` reads).
Errors name the line and column (`<text>:LINE:COL: REASON` or `FILE:LINE:COL: REASON`) and
the other lines are still assembled. A text the manual forbids although the encoding holds
it (e.g. two SGPRs on the constant bus) is an error naming the rule; `--lenient` encodes it.
Exit status: 0 all assembled; 1 some lines did not assemble; 2 bad arguments or input.";

const SMT_HELP: &str = "\
Output: a self-contained SMT-LIB2 script for a stock `z3`: each source operand declared,
each result a `define-fun` and also a function of the operands; append assertions to prove
a rewrite. See docs/design/0027-smt-models.md.
Exit status: 0 printed; 1 the row has no model (the reason is printed); 2 bad arguments.";

const RUN_HELP: &str = "\
gpuref run: run the vector corpus against the built-in reference or an implementation

Usage: gpuref run [OPTIONS] [FILTER] [LIBTEST OPTIONS]

Options:
  --adapter CMD     run against the adapter started by `sh -c CMD` (docs/adapter-protocol.md);
                    without it, against the built-in reference
  --vectors DIR     corpus root (also --corpus DIR) [default: vectors/ of the repository
                    gpuref was built in, or of $GPUREF_ROOT]
  --timeout SECS    seconds to wait for each adapter answer [default: 10]
  --batch N         cases per batch sent to the adapter [default: 1024]
  --max-restarts N  adapter restarts allowed in the run [default: 20]
  --strict          compare with the reference's exact bits, not the vectors' acceptance sets
  --reports N       failure reports printed per file [default: 10]
  --no-progress     no progress bar (it is only drawn on a terminal anyway)
  --report-jsonl F  write every selected case's result to F as JSON Lines (one object per
                    case: file, line, isa, target, instruction, inputs, expected, got,
                    verdict, message, status, rules with citations)
  --report-junit F  write the results to F as JUnit XML (a testsuite per file, a testcase
                    per case); both are written to a temporary file and renamed at the end
  --by-rule         list every rule the cases name with its cases passed/failed/declined
                    (without it, only the rules with failures)

{FILTERS}
FILTER and the libtest options select and list the trials (one per instruction file):
  --list, --exact, --skip PATTERN, --test-threads N, --format pretty|terse|json, -q

After the summary table: the declined cases by reason, the rules with failures, and a
`verdict:` line that the exit status agrees with. A file every case of which the adapter
declined is shown as `ignored (declined: ...)`, never `ok`.

Exit status: 0 every selected case passed or was declined, and at least one passed; 1 some
failed, faulted or could not be read; 2 bad arguments (an unknown filter value, an unwritable
report), a broken adapter, or a report that could not be written; 3 nothing was checked:
every selected case was declined; 141 stdout was closed early.
";

/// The command line, with each command's help followed by what every registered ISA says
/// of it (its targets, register names, defaults).
fn parse_cli() -> Result<Cli, clap::Error> {
    use clap::{CommandFactory, FromArgMatches};
    let mut cmd = Cli::command();
    for (name, base) in [
        ("disasm", DISASM_HELP),
        ("eval", EVAL_HELP),
        ("asm", ASM_HELP),
        ("smt", SMT_HELP),
    ] {
        let mut text = base.to_string();
        for e in isa::all().filter(|e| e.has_code()) {
            let info = e.info();
            text += &format!(
                "\n\nISA {} ({}; targets {}; {}):",
                info.name,
                info.title,
                info.target_names(),
                info.syntax
            );
            match e.help(name) {
                Some(h) => text += &format!("\n{h}"),
                None => text += " -",
            }
        }
        cmd = cmd.mut_subcommand(name, |c| c.after_help(text));
    }
    let matches = cmd.try_get_matches()?;
    Cli::from_arg_matches(&matches)
}

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
    let cli = match parse_cli() {
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
            special_all,
            filters,
            ..
        } => {
            let mut filter = gpuref_conformance::filter::Filter::default();
            let given = [
                (
                    "--isa",
                    (random.is_some() || special_all)
                        .then(|| isa.clone())
                        .flatten()
                        .into_iter()
                        .collect::<Vec<_>>(),
                ),
                ("--target", filters.target),
                ("--part", filters.part),
                ("--instruction", filters.instruction),
                ("--mode", filters.mode),
                ("--status", filters.status),
            ];
            for (k, vs) in given {
                for v in vs {
                    if let Err(e) = filter.add(k, &v) {
                        eprintln!("gpuref generate: {e}");
                        return ExitCode::from(2);
                    }
                }
            }
            let on_demand = match (random, special_all) {
                (Some(n), _) => Some(OnDemand::Random(n)),
                (None, true) => Some(OnDemand::SpecialAll),
                (None, false) => None,
            };
            cmd_generate(&out, check, isa.as_deref(), on_demand, &filter)
        }
        Command::Check {
            paths,
            max_reports,
            filters,
        } => {
            let filter = match filters.filter() {
                Ok(f) => f,
                Err(e) => {
                    eprintln!("gpuref check: {e}");
                    return ExitCode::from(2);
                }
            };
            let paths = if paths.is_empty() {
                match repo::vectors(None) {
                    Ok(v) => vec![v],
                    Err(e) => {
                        eprintln!("gpuref check: {e}");
                        return ExitCode::from(2);
                    }
                }
            } else {
                paths
            };
            cmd_check(&paths, max_reports, &filter)
        }
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
        } => match repo::root_or(root) {
            Ok(root) => gpuref_conformance::docs::cmd_docs(&root, &markdown, out.as_deref(), check),
            Err(e) => {
                eprintln!("gpuref docs: {e}");
                ExitCode::from(2)
            }
        },
        Command::Explain {
            mnemonic,
            target,
            root,
        } => match repo::root_or(root) {
            Ok(root) => gpuref_conformance::docs::cmd_explain(&root, &mnemonic, target.as_deref()),
            Err(e) => {
                eprintln!("gpuref explain: {e}");
                ExitCode::from(2)
            }
        },
        Command::Run => cmd_run(&[]),
        Command::Disasm { target, hex, file } => cmd_disasm(&target, hex.as_deref(), file),
        Command::Asm {
            target,
            file,
            lenient,
            text,
        } => cmd_asm(&target, file, text, lenient),
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
        } => match repo::vectors(vectors) {
            Ok(v) => cmd_coverage(target.as_deref(), &format, &v),
            Err(e) => {
                eprintln!("gpuref coverage: {e}");
                ExitCode::from(2)
            }
        },
        Command::Smt {
            target,
            mode,
            check_sat,
            clamp,
            omod,
            mnemonic,
        } => cmd_smt(
            &target,
            &mnemonic,
            &isa::SmtOptions {
                mode,
                clamp,
                omod,
                check_sat,
            },
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
    use gpuref_conformance::{asm, isa};
    use std::io::Write;
    let fail = |msg: String| {
        eprintln!("gpuref disasm: {msg}");
        ExitCode::from(2)
    };
    let entry = match isa::by_target(target) {
        Ok(e) => e,
        Err(e) => return fail(e),
    };
    let (words, trailing) = match (hex, file) {
        (Some(h), _) => match asm::parse_hex_words(h) {
            Ok(w) => (w, Vec::new()),
            Err(e) => return fail(format!("--hex: {e}")),
        },
        (None, Some(path)) => match read_input(&path) {
            Ok(bytes) => {
                let (w, rest) = asm::dwords_of(&bytes);
                (w, rest.to_vec())
            }
            Err(e) => return fail(format!("{}: cannot read: {e}", path.display())),
        },
        (None, None) => {
            return fail("give the code with --hex 'WORDS' or as a FILE (`-`: stdin)".into())
        }
    };
    // Each line is printed as it is decoded: memory stays bounded by the input.
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let (mut errors, mut count, mut closed) = (0usize, 0usize, false);
    let streamed = entry.disassemble_each(target, &words, &trailing, &mut |l| {
        if writeln!(out, "{}", l.render()).is_err() {
            closed = true;
            return false;
        }
        count += 1;
        if let Some(e) = &l.error {
            eprintln!("gpuref disasm: {e}");
            errors += 1;
        }
        true
    });
    if let Err(e) = streamed {
        return fail(e);
    }
    if closed || out.flush().is_err() {
        return ExitCode::from(CLOSED_PIPE);
    }
    if errors > 0 {
        eprintln!("gpuref disasm: {errors} of {count} lines did not decode");
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn cmd_asm(target: &str, file: Option<PathBuf>, text: Option<String>, lenient: bool) -> ExitCode {
    use gpuref_conformance::{asm, isa};
    let fail = |msg: String| {
        eprintln!("gpuref asm: {msg}");
        ExitCode::from(2)
    };
    let entry = match isa::by_target(target) {
        Ok(e) => e,
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
    let lines = match entry.assemble(target, &source, lenient) {
        Ok(l) => l,
        Err(e) => return fail(e),
    };
    let mut errors = 0;
    for l in &lines {
        match &l.result {
            Ok(words) => println!("{}", asm::words_text(words)),
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
    let t = std::time::Instant::now();
    let tty = std::io::stderr().is_terminal();
    let mut stats = isa::CoverageStats::new();
    let mut kept = 0;
    for entry in isa::all() {
        let name = entry.info().name;
        let mut progress = |done: usize, total: usize, row: &str| {
            if tty || done.is_multiple_of(50) || done == total {
                eprint!("\rsolve-coverage: {name} {done}/{total} {row:<24}");
            }
        };
        match entry.solve_coverage(std::path::Path::new("."), timeout_ms, reuse, &mut progress) {
            None => {}
            Some(Ok((s, k))) => {
                stats.extend(s);
                kept += k;
            }
            Some(Err(e)) => {
                eprintln!("\ngpuref generate --solve-coverage: {name}: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
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
    on_demand: Option<OnDemand>,
    filter: &gpuref_conformance::filter::Filter,
) -> ExitCode {
    if let Some(name) = isa {
        if let Err(e) = isa::by_name(name) {
            eprintln!("gpuref generate: --isa: {e}");
            return ExitCode::from(2);
        }
    }
    if let Some(e) = isa::all().find_map(|e| e.generation_problem()) {
        eprintln!("gpuref generate: {e}");
        return ExitCode::FAILURE;
    }
    let tty = std::io::stderr().is_terminal();
    let mut progress = |done: usize, total: usize| {
        if tty {
            eprint!("\rgenerate: {done}/{total} files");
        }
    };
    let result = match on_demand {
        Some(OnDemand::Random(0)) => {
            eprintln!("gpuref generate: --random 0: give the number of cases per instruction (at least 1)");
            return ExitCode::from(2);
        }
        Some(level) => {
            let manifest = out.join(gpuref_conformance::manifest::FILE);
            let committed = std::fs::read_to_string(&manifest)
                .is_ok_and(|t| t.lines().any(|l| l.starts_with("#!part ")));
            if committed {
                eprintln!(
                    "gpuref generate: {} holds a committed corpus (its MANIFEST states budgets): {} writes an on-demand level outside it; give another --out DIR",
                    out.display(),
                    match level {
                        OnDemand::Random(_) => "--random",
                        OnDemand::SpecialAll => "--special-all",
                    }
                );
                return ExitCode::from(2);
            }
            generate::run_on_demand(out, level, filter, &mut progress)
        }
        None => generate::run_isa(out, check_only, isa, &mut progress),
    };
    let report = match result {
        Ok(r) => r,
        Err(e) if e.kind() == std::io::ErrorKind::InvalidInput && !filter.is_empty() => {
            eprintln!("gpuref generate: {e}");
            return ExitCode::from(2);
        }
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
        eprintln!("gpuref generate: OVER BUDGET: {m} (docs/design/0039: lower the part's caps, or raise its budget there and in the ISA's IsaEntry::parts with a reason)");
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
    let mut level = isa::StateLevel {
        files: 0,
        cases: 0,
        bytes: 0,
        rows: Vec::new(),
    };
    for entry in isa::all().filter(|e| !e.state_families().is_empty()) {
        let known = entry.state_families();
        let fams: Vec<&str> = if families.is_empty() {
            known.to_vec()
        } else {
            families.iter().map(String::as_str).collect()
        };
        match entry.write_state_level(out, cap, &fams) {
            Ok(l) => {
                level.files += l.files;
                level.cases += l.cases;
                level.bytes += l.bytes;
                level.rows.extend(l.rows);
            }
            Err(e) => return fail(e),
        }
    }
    match Ok::<_, String>(level) {
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

fn cmd_check(
    paths: &[PathBuf],
    max_reports: usize,
    filter: &gpuref_conformance::filter::Filter,
) -> ExitCode {
    let mut files = Vec::new();
    let mut missing = Vec::new();
    check::collect_files(paths, &mut files, &mut missing);
    // Each file's path under its corpus root (the nearest folder above it holding a
    // MANIFEST, else the folder it was found in): the part a filter reads.
    let rels: Vec<String> = files
        .iter()
        .map(|f| {
            f.ancestors()
                .skip(1)
                .find(|d| d.join(gpuref_conformance::manifest::FILE).is_file())
                .or_else(|| {
                    paths
                        .iter()
                        .map(PathBuf::as_path)
                        .find(|p| *p != f.as_path() && f.starts_with(p))
                })
                .and_then(|root| f.strip_prefix(root).ok())
                .map(|r| r.to_string_lossy().replace('\\', "/"))
                .unwrap_or_default()
        })
        .collect();
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
    let results = check::check_files_filtered(&files, &rels, filter);
    let mut seen = gpuref_conformance::filter::Seen::default();
    for r in &results {
        seen.extend(r.seen.clone());
    }
    let unknown = filter.unknown_values(&seen);
    if !unknown.is_empty() {
        for u in &unknown {
            eprintln!("gpuref check: {u}");
        }
        return ExitCode::from(2);
    }
    let selected = results.iter().filter(|r| !r.skipped).count();
    if !filter.is_empty() && selected == 0 {
        eprintln!(
            "gpuref check: no case matches {} (each value exists, but not together: kinds are ANDed)",
            filter.describe()
        );
        return ExitCode::from(2);
    }
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
        if filter.is_empty() {
            files.len()
        } else {
            selected
        }
    );
    if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn cmd_run(args: &[String]) -> ExitCode {
    use gpuref_conformance::{adapter, run};
    let mut vectors = None;
    let mut opts = run::Options {
        vectors: PathBuf::new(),
        adapter: None,
        filter: Default::default(),
        strict: false,
        reports_per_file: 10,
        progress: std::io::stderr().is_terminal(),
        report_jsonl: None,
        report_junit: None,
        by_rule: false,
    };
    let (mut timeout, mut batch, mut max_restarts, mut command) =
        (10.0f64, 1024usize, 20usize, None);
    let mut rest = vec!["gpuref run".to_string()];
    let mut it = args.iter();
    let bad = |msg: String| -> ExitCode {
        eprintln!(
            "gpuref run: {msg}\n\n{}",
            RUN_HELP.replace("{FILTERS}", &gpuref_conformance::filter::help())
        );
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
                print!(
                    "{}",
                    RUN_HELP.replace("{FILTERS}", &gpuref_conformance::filter::help())
                );
                return ExitCode::SUCCESS;
            }
            "--adapter" => value("--adapter").map(|v| command = Some(v)),
            k if gpuref_conformance::filter::KINDS.contains(&k) => {
                value(k).and_then(|v| opts.filter.add(k, &v).map(|_| ()))
            }
            "--report-jsonl" => value(a).map(|v| opts.report_jsonl = Some(PathBuf::from(v))),
            "--report-junit" => value(a).map(|v| opts.report_junit = Some(PathBuf::from(v))),
            "--by-rule" => {
                opts.by_rule = true;
                Ok(())
            }
            "--vectors" | "--corpus" => value(a).map(|v| vectors = Some(PathBuf::from(v))),
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
    opts.vectors = match gpuref_conformance::repo::vectors(vectors) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("gpuref run: {e}");
            return ExitCode::from(2);
        }
    };
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

fn cmd_smt(target: &str, mnemonic: &str, opts: &isa::SmtOptions) -> ExitCode {
    let result = isa::by_target(target)
        .map_err(isa::SmtError::Usage)
        .and_then(|e| e.smt(target, mnemonic, opts));
    match result {
        Ok(s) => {
            print!("{s}");
            ExitCode::SUCCESS
        }
        Err(isa::SmtError::Unmodelled(m)) => {
            eprintln!("gpuref smt: {m}");
            ExitCode::from(1)
        }
        Err(isa::SmtError::Usage(m)) => {
            eprintln!("gpuref smt: {m}");
            ExitCode::from(2)
        }
    }
}

fn cmd_eval(target: &str, mode: Option<&str>, asm: &str, regs: &[String]) -> ExitCode {
    use gpuref_conformance::isa::{self, EvalError};
    let fail = |msg: String| {
        eprintln!("gpuref eval: {msg}");
        ExitCode::from(2)
    };
    let entry = match isa::by_target(target) {
        Ok(e) => e,
        Err(e) => return fail(e),
    };
    match entry.eval(target, mode, asm, regs) {
        Ok(done) => {
            print!("{}", done.out);
            for n in &done.notes {
                eprintln!("gpuref eval: note: {n}");
            }
            ExitCode::SUCCESS
        }
        Err(EvalError::Usage(e)) => fail(e),
        Err(EvalError::NoSemantics(e)) => {
            eprintln!("gpuref eval: {e}");
            ExitCode::from(1)
        }
    }
}

fn cmd_coverage(target: Option<&str>, format: &str, vectors: &std::path::Path) -> ExitCode {
    let entries: Vec<&dyn isa::IsaEntry> = match target {
        None => isa::all().collect(),
        Some(t) => match isa::by_target(t) {
            Ok(e) => vec![e],
            Err(e) => {
                eprintln!("gpuref coverage: {e}");
                return ExitCode::from(2);
            }
        },
    };
    for e in entries {
        match e.coverage(vectors, target, format == "csv") {
            Ok(report) => print!("{report}"),
            Err(m) => {
                eprintln!("gpuref coverage: {m}");
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::SUCCESS
}
