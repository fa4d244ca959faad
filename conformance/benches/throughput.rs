//! Throughput of the runner (issue goals: `gpuref check` ≥ 1M vectors/s on 2 cores; ≥ 100k
//! vectors/s through the adapter pipe to a trivial adapter). Each figure has a baseline
//! measured in the same run:
//! - `check/corpus` (parse + evaluate + compare, all cores) against `check/parse_only`;
//! - `adapter/trivial` (a C adapter that answers `ok` without computing) against
//!   `adapter/cat` (the same bytes through `cat` and back: the pipe's own cost).
//!
//! Run: `cargo bench -p gpuref-conformance --bench throughput`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use gpuref_conformance::adapter::{Config, Session};
use gpuref_conformance::{check, vector};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::AtomicUsize;
use std::sync::Arc;
use std::time::Duration;

fn corpus_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../vectors");
    let mut files = Vec::new();
    check::collect_files(&[root], &mut files, &mut Vec::new());
    assert!(!files.is_empty(), "no corpus: run `gpuref generate`");
    files
}

fn bench_check(c: &mut Criterion) {
    let files = corpus_files();
    let texts: Vec<(PathBuf, String)> = files
        .iter()
        .map(|p| (p.clone(), std::fs::read_to_string(p).unwrap()))
        .collect();
    let cases: u64 = texts
        .iter()
        .map(|(p, t)| vector::parse(p, t).0.cases.len() as u64)
        .sum();
    let mut g = c.benchmark_group("check");
    g.throughput(Throughput::Elements(cases));
    g.sample_size(10);
    g.bench_function("corpus", |b| {
        b.iter(|| {
            let r = check::check_files_parallel(&files);
            assert!(r.iter().all(|f| f.failed == 0));
        })
    });
    g.bench_function("parse_only", |b| {
        b.iter(|| {
            texts
                .iter()
                .map(|(p, t)| vector::parse(p, t).0.cases.len())
                .sum::<usize>()
        })
    });
    g.finish();
}

const TRIVIAL_ADAPTER: &str = r#"
#include <stdio.h>
#include <string.h>
int main(void) {
    static char line[1 << 16];
    while (fgets(line, sizeof line, stdin)) {
        if (!strncmp(line, "gpuref-adapter", 14)) { printf("hello\t1\ttrivial\tfloat:ieee754\t-\n"); fflush(stdout); }
        else if (!strncmp(line, "case\t", 5)) {
            char *id = line + 5, *end = strchr(id, '\t');
            if (end) *end = 0;
            printf("ok\t%s\td=0x0\tnone\n", id);
        } else if (!strncmp(line, "sync", 4)) fflush(stdout);
        else if (!strncmp(line, "bye", 3)) return 0;
    }
    return 0;
}
"#;

fn build_trivial_adapter() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gpuref-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("trivial.c");
    std::fs::write(&src, TRIVIAL_ADAPTER).unwrap();
    let exe = dir.join("trivial");
    let ok = Command::new("cc")
        .arg("-O2")
        .arg("-o")
        .arg(&exe)
        .arg(&src)
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        ok,
        "building the trivial adapter needs a C compiler (`cc`): install gcc"
    );
    exe
}

fn bench_adapter(c: &mut Criterion) {
    let files = corpus_files();
    let mut cases = Vec::new();
    for p in &files {
        let t = std::fs::read_to_string(p).unwrap();
        cases.extend(vector::parse(p, &t).0.cases);
        if cases.len() >= 100_000 {
            break;
        }
    }
    let exe = build_trivial_adapter();
    let cfg = Arc::new(Config {
        command: exe.display().to_string(),
        timeout: Duration::from_secs(10),
        batch: 1024,
        max_restarts: 0,
    });
    let mut g = c.benchmark_group("adapter");
    g.throughput(Throughput::Elements(cases.len() as u64));
    g.sample_size(10);
    g.bench_function("trivial", |b| {
        let mut s = Session::start(cfg.clone(), Arc::new(AtomicUsize::new(0))).unwrap();
        let refs: Vec<&vector::Case> = cases.iter().collect();
        b.iter(|| {
            let a = s.run("float:ieee754", &refs);
            assert_eq!(a.len(), refs.len());
        });
        s.finish();
    });
    // Baseline: the same case lines through `cat` and back.
    let lines: String = cases
        .iter()
        .map(|c| format!("case\t{}\n", c.to_line()))
        .collect();
    g.bench_function("cat", |b| {
        b.iter(|| {
            let mut child = Command::new("cat")
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .unwrap();
            let mut stdin = child.stdin.take().unwrap();
            let text = lines.clone();
            let w = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
            let n = BufReader::new(child.stdout.take().unwrap()).lines().count();
            w.join().unwrap().unwrap();
            child.wait().unwrap();
            assert_eq!(n, cases.len());
        })
    });
    g.finish();
}

criterion_group!(benches, bench_check, bench_adapter);
criterion_main!(benches);
