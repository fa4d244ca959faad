//! `gpuref`: the command-line front end. See `gpuref --help`.

use clap::{Parser, Subcommand};
use gpuref_conformance::{check, generate};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "gpuref",
    version,
    about = "Bit-precise GPU ISA reference: vectors, checks, tools"
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
    },
    /// Run the corpus against the built-in reference or an adapter (`gpuref run --help`).
    Run,
    /// Check vector files (generated or hand-written) against the built-in reference.
    Check {
        /// Files or directories (searched for *.vec).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Print at most this many failure reports (all failures are still counted).
        #[arg(long, default_value_t = 50)]
        max_reports: usize,
    },
}

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
";

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().collect();
    if argv.get(1).map(String::as_str) == Some("run") {
        return cmd_run(&argv[2..]);
    }
    let cli = Cli::parse();
    match cli.command {
        Command::Generate { out, check } => cmd_generate(&out, check),
        Command::Check { paths, max_reports } => cmd_check(&paths, max_reports),
        Command::Run => cmd_run(&[]),
    }
}

fn cmd_generate(out: &std::path::Path, check_only: bool) -> ExitCode {
    let tty = std::io::stderr().is_terminal();
    let mut progress = |done: usize, total: usize| {
        if tty {
            eprint!("\rgenerate: {done}/{total} files");
        }
    };
    let report = match generate::run(out, check_only, &mut progress) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("gpuref generate: {}: {e}", out.display());
            return ExitCode::from(2);
        }
    };
    if tty {
        eprintln!();
    }
    println!(
        "{} files, {} cases, {:.1} MiB{}",
        report.files,
        report.cases,
        report.bytes as f64 / (1024.0 * 1024.0),
        if check_only {
            " (checked, not written)"
        } else {
            ""
        }
    );
    if check_only {
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
        if !report.stale.is_empty() || !report.extra.is_empty() {
            return ExitCode::from(1);
        }
    }
    ExitCode::SUCCESS
}

fn cmd_check(paths: &[PathBuf], max_reports: usize) -> ExitCode {
    let mut files = Vec::new();
    let mut missing = Vec::new();
    check::collect_files(paths, &mut files, &mut missing);
    let mut bad_input = false;
    for m in &missing {
        eprintln!("gpuref check: {}: no such file or directory", m.display());
        bad_input = true;
    }
    let results = check::check_files_parallel(&files);
    let (mut passed, mut failed, mut reports) = (0usize, 0usize, 0usize);
    for r in &results {
        for e in &r.parse_errors {
            eprintln!("{e}");
            bad_input = true;
        }
        if let Some(f) = &r.fatal {
            eprintln!("{f}");
            bad_input = true;
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
    println!("{passed} passed, {failed} failed ({} files)", files.len());
    if failed > 0 || bad_input || files.is_empty() {
        if files.is_empty() {
            eprintln!("gpuref check: no *.vec files found");
        }
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
    ExitCode::from(run::run(opts, libtest_args) as u8)
}
