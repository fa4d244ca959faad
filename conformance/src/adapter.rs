//! The client side of the adapter protocol (docs/adapter-protocol.md): starts the adapter,
//! exchanges batches of cases (value cases, and with protocol 2 state requests), and turns
//! every way an adapter can misbehave (exit, hang, garbage, partial lines) into a per-case
//! fault, restarting it as needed.

use crate::reference::Observed;
use crate::state::Value;
use crate::vector::{parse_flags, parse_hex, Case};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, BufWriter, Read, Write};
#[cfg(unix)]
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::time::Duration;

/// The version gpuref greets with: the newest it speaks.
pub const PROTOCOL_VERSION: &str = "2";
/// The versions gpuref accepts in an adapter's `hello`: 1 (value cases only) and 2 (adds
/// state requests, with the `state` feature).
pub const PROTOCOL_VERSIONS: [&str; 2] = ["1", "2"];
/// Longest line accepted from an adapter.
const MAX_LINE: usize = 1 << 20;

/// How to run an adapter.
#[derive(Clone, Debug)]
pub struct Config {
    pub command: String,
    /// Per-answer timeout.
    pub timeout: Duration,
    pub batch: usize,
    /// Stop restarting after this many restarts (shared by all sessions of a run).
    pub max_restarts: usize,
}

/// What the adapter said at the handshake.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hello {
    pub name: String,
    /// `isa:target` pairs.
    pub targets: Vec<String>,
    pub flags: bool,
    /// The protocol version the adapter speaks (1 or 2).
    pub protocol: u32,
    /// Protocol 2 and the `state` feature: the adapter takes state requests.
    pub state: bool,
}

impl Hello {
    pub fn supports(&self, isa: &str, target: &str) -> bool {
        self.targets
            .iter()
            .any(|t| t.split_once(':') == Some((isa, target)))
    }
}

/// The adapter's answer for one case, or the fault it was charged with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Ok(Observed),
    /// The final state an adapter answered a state request with (what changed).
    State(BTreeMap<String, Value>),
    Unsupported(String),
    /// The adapter answered `error`.
    Error(String),
    /// Crashed, timed out, protocol error, or not run because the adapter could not be kept
    /// running.
    Fault(String),
}

enum FromAdapter {
    Line(String),
    /// End of output; `Some(partial)` if a line was cut off.
    Eof(Option<String>),
    Bad(String),
}

/// One running adapter process.
struct Process {
    child: Child,
    to_writer: Option<Sender<String>>,
    from_reader: Receiver<FromAdapter>,
}

impl Process {
    fn spawn(command: &str) -> Result<Process, String> {
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // Its own process group, so that killing it also kills what the shell started.
        #[cfg(unix)]
        cmd.process_group(0);
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("cannot start adapter `{command}`: {e}"))?;
        let stdin = child.stdin.take().ok_or("adapter stdin unavailable")?;
        let stdout = child.stdout.take().ok_or("adapter stdout unavailable")?;
        let stderr = child.stderr.take();
        let (to_writer, writer_rx) = mpsc::channel::<String>();
        std::thread::spawn(move || writer(stdin, writer_rx));
        let (reader_tx, from_reader) = mpsc::channel();
        std::thread::spawn(move || reader(stdout, reader_tx));
        if let Some(err) = stderr {
            std::thread::spawn(move || {
                let mut r = BufReader::new(err);
                let mut line = Vec::new();
                while r.read_until(b'\n', &mut line).is_ok_and(|n| n > 0) {
                    eprintln!("adapter: {}", String::from_utf8_lossy(&line).trim_end());
                    line.clear();
                }
            });
        }
        Ok(Process {
            child,
            to_writer: Some(to_writer),
            from_reader,
        })
    }

    fn send(&self, text: String) {
        if let Some(tx) = &self.to_writer {
            let _ = tx.send(text);
        }
    }

    fn recv(&self, timeout: Duration) -> Result<FromAdapter, RecvTimeoutError> {
        self.from_reader.recv_timeout(timeout)
    }

    /// Say goodbye, close stdin, wait up to 5 seconds; dropping kills what is left.
    fn finish(mut self) {
        self.send("bye\n".into());
        self.to_writer = None;
        for _ in 0..50 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Kill the adapter and everything in its process group (dropping does it).
    fn kill(self) {}

    fn exit_status(&mut self) -> String {
        for _ in 0..20 {
            if let Ok(Some(s)) = self.child.try_wait() {
                return s.to_string();
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        "still running".into()
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.to_writer = None;
        // The group, then the shell itself (already gone if the group kill worked).
        #[cfg(unix)]
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", self.child.id())])
            .stderr(Stdio::null())
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn writer(stdin: ChildStdin, rx: Receiver<String>) {
    let mut w = BufWriter::with_capacity(1 << 16, stdin);
    while let Ok(first) = rx.recv() {
        if w.write_all(first.as_bytes()).is_err() {
            return;
        }
        // Write everything already queued before flushing.
        while let Ok(more) = rx.try_recv() {
            if w.write_all(more.as_bytes()).is_err() {
                return;
            }
        }
        if w.flush().is_err() {
            return;
        }
    }
}

fn reader(mut stdout: std::process::ChildStdout, tx: Sender<FromAdapter>) {
    let mut buf = vec![0u8; 1 << 16];
    let mut line: Vec<u8> = Vec::new();
    loop {
        let n = match stdout.read(&mut buf) {
            Ok(0) => {
                let partial =
                    (!line.is_empty()).then(|| String::from_utf8_lossy(&line).into_owned());
                let _ = tx.send(FromAdapter::Eof(partial));
                return;
            }
            Ok(n) => n,
            Err(e) => {
                let _ = tx.send(FromAdapter::Bad(format!("read error: {e}")));
                return;
            }
        };
        for &b in &buf[..n] {
            if b == b'\n' {
                let msg = match String::from_utf8(std::mem::take(&mut line)) {
                    Ok(s) => {
                        FromAdapter::Line(s.strip_suffix('\r').map(str::to_string).unwrap_or(s))
                    }
                    Err(e) => FromAdapter::Bad(format!(
                        "line is not UTF-8: {:?}",
                        String::from_utf8_lossy(e.as_bytes())
                    )),
                };
                if tx.send(msg).is_err() {
                    return;
                }
            } else {
                line.push(b);
                if line.len() > MAX_LINE {
                    let _ = tx.send(FromAdapter::Bad(format!(
                        "line longer than {MAX_LINE} bytes"
                    )));
                    return;
                }
            }
        }
    }
}

fn quote(s: &str) -> String {
    let cut: String = s.chars().take(120).collect();
    format!("{cut:?}{}", if s.chars().count() > 120 { "…" } else { "" })
}

/// The least time the handshake gets: its answer includes the adapter's own start-up (an
/// interpreter loading, a library opening), which a per-answer `--timeout` of a second
/// does not allow for on a loaded machine (docs/adapter-protocol.md, "Faults").
const HANDSHAKE_MIN: Duration = Duration::from_secs(10);

/// Start an adapter and do the handshake.
fn start(cfg: &Config) -> Result<(Process, Hello), String> {
    let p = Process::spawn(&cfg.command)?;
    p.send(format!("gpuref-adapter\t{PROTOCOL_VERSION}\n"));
    let wait = cfg.timeout.max(HANDSHAKE_MIN);
    let line = match p.recv(wait) {
        Ok(FromAdapter::Line(l)) => l,
        Ok(FromAdapter::Eof(partial)) => {
            let mut p = p;
            let status = p.exit_status();
            p.kill();
            return Err(format!(
                "adapter `{}` exited during the handshake ({status}){}",
                cfg.command,
                partial
                    .map(|l| format!(", after printing {}", quote(&l)))
                    .unwrap_or_default()
            ));
        }
        Ok(FromAdapter::Bad(e)) => {
            p.kill();
            return Err(format!("adapter `{}`: handshake: {e}", cfg.command));
        }
        Err(_) => {
            p.kill();
            return Err(format!(
                "adapter `{}` did not answer the handshake within {:?}",
                cfg.command, wait
            ));
        }
    };
    match parse_hello(&line) {
        Ok(h) => Ok((p, h)),
        Err(e) => {
            p.kill();
            Err(format!(
                "adapter `{}`: bad handshake {}: {e}",
                cfg.command,
                quote(&line)
            ))
        }
    }
}

pub fn parse_hello(line: &str) -> Result<Hello, String> {
    let f: Vec<&str> = line.split('\t').collect();
    if f.len() != 5 || f[0] != "hello" {
        return Err("expected `hello<TAB>VERSION<TAB>NAME<TAB>TARGETS<TAB>FEATURES`".into());
    }
    if !PROTOCOL_VERSIONS.contains(&f[1]) {
        return Err(format!(
            "protocol version {} (gpuref speaks {})",
            f[1],
            PROTOCOL_VERSIONS.join(" and ")
        ));
    }
    let protocol: u32 = f[1].parse().unwrap_or(1);
    let features: Vec<&str> = if f[4] == "-" {
        vec![]
    } else {
        f[4].split(',').collect()
    };
    let state = features.contains(&"state");
    if state && protocol < 2 {
        return Err("feature `state` needs protocol version 2".into());
    }
    // TARGETS (field 4): one or more `isa:target` pairs, comma-separated.
    let targets: Vec<String> = f[3].split(',').map(str::to_string).collect();
    for (i, t) in targets.iter().enumerate() {
        if !t.split_once(':').is_some_and(|(isa, target)| {
            !isa.is_empty() && !target.is_empty() && !target.contains(':')
        }) {
            let what = if f[3].is_empty() {
                "the list is empty".to_string()
            } else {
                format!("pair {} is `{t}`", i + 1)
            };
            return Err(format!(
                "field 4 (TARGETS) `{}`: {what}; expected one or more `isa:target` pairs, comma-separated (`float:ieee754,ISA:TARGET`)",
                f[3]
            ));
        }
    }
    Ok(Hello {
        name: f[2].to_string(),
        targets,
        flags: features.contains(&"flags"),
        protocol,
        state,
    })
}

/// The kind, id and rest of an answer line, checked against the id that was due.
fn answer_fields<'a>(line: &'a str, id: &str) -> Result<Vec<&'a str>, String> {
    let f: Vec<&str> = line.splitn(4, '\t').collect();
    if f.len() < 3 {
        return Err(format!("not an answer: {}", quote(line)));
    }
    if f[1] != id {
        return Err(format!(
            "answer for id `{}` where `{id}` was due: {}",
            f[1],
            quote(line)
        ));
    }
    Ok(f)
}

/// Parse one answer line for the state request with id `id` (protocol 2): `ok<TAB>ID<TAB>`
/// and the final state as one JSON object, or `unsupported`/`error` as for value cases.
/// The object's shape is checked here (an object of state values); what its names mean is
/// the reference's business (the ISA's `IsaEntry::compare_state_answer`).
pub fn parse_state_answer(line: &str, id: &str) -> Result<Answer, String> {
    let f = answer_fields(line, id)?;
    match f[0] {
        "ok" => {
            let json = f[2..].join("\t");
            serde_json::from_str::<BTreeMap<String, Value>>(&json)
                .map(Answer::State)
                .map_err(|e| {
                    format!(
                        "the final state is not a JSON object of state values ({e}): {}",
                        quote(line)
                    )
                })
        }
        "unsupported" => Ok(Answer::Unsupported(f[2..].join("\t"))),
        "error" => Ok(Answer::Error(f[2..].join("\t"))),
        other => Err(format!("unknown answer kind `{other}`: {}", quote(line))),
    }
}

/// Parse one answer line for the case with id `id`.
pub fn parse_answer(line: &str, id: &str, flags: bool) -> Result<Answer, String> {
    let f = answer_fields(line, id)?;
    match f[0] {
        "ok" => {
            if f.len() != 4 {
                return Err(format!("`ok` needs OUTPUTS and FLAGS: {}", quote(line)));
            }
            let mut outputs = Vec::new();
            for kv in f[2].split(' ').filter(|t| !t.is_empty()) {
                let (n, v) = kv
                    .split_once('=')
                    .ok_or_else(|| format!("output `{kv}` is not name=0xHEX"))?;
                let v = parse_hex(v).ok_or_else(|| format!("output `{n}`: bad value `{v}`"))?;
                outputs.push((n.to_string(), v));
            }
            let fl = if flags {
                Some(parse_flags(f[3])?)
            } else {
                None
            };
            Ok(Answer::Ok(Observed { outputs, flags: fl }))
        }
        "unsupported" => Ok(Answer::Unsupported(f[2..].join("\t"))),
        "error" => Ok(Answer::Error(f[2..].join("\t"))),
        other => Err(format!("unknown answer kind `{other}`: {}", quote(line))),
    }
}

/// A session: a running adapter, restarted on faults.
pub struct Session {
    cfg: Arc<Config>,
    restarts: Arc<AtomicUsize>,
    process: Option<Process>,
    pub hello: Hello,
}

/// One request to an adapter: a value case (`case` line) or, with protocol 2, a state case
/// (`state` line).
#[derive(Clone, Copy, Debug)]
pub enum Request<'a> {
    Value(&'a Case),
    State(&'a crate::state::Case),
}

impl Request<'_> {
    fn id(&self) -> &str {
        match self {
            Request::Value(c) => &c.id,
            Request::State(c) => &c.id,
        }
    }

    fn line(&self) -> String {
        match self {
            Request::Value(c) => case_line(c),
            Request::State(c) => state_line(c),
        }
    }
}

/// `state<TAB>ID<TAB>` and the case without its expectations as one JSON object: `id`,
/// `words`, `asm`, `mode` and `initial` (docs/adapter-protocol.md, "State requests").
fn state_line(c: &crate::state::Case) -> String {
    let request = serde_json::json!({
        "id": c.id,
        "words": c.words,
        "asm": c.asm,
        "mode": c.mode,
        "initial": c.initial,
    });
    format!("state\t{}\t{request}\n", c.id)
}

fn case_line(c: &Case) -> String {
    let words = if c.words.is_empty() {
        "-".to_string()
    } else {
        c.words
            .iter()
            .map(|w| format!("{w:08x}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let inputs: Vec<String> = c
        .inputs
        .iter()
        .map(|(n, v)| format!("{n}={v:#x}"))
        .collect();
    format!(
        "case\t{}\t{words}\t{}\t{}\t{}\n",
        c.id,
        c.asm,
        c.mode,
        inputs.join(" ")
    )
}

impl Session {
    /// Start a session; `restarts` counts restarts across every session of a run.
    pub fn start(cfg: Arc<Config>, restarts: Arc<AtomicUsize>) -> Result<Session, String> {
        let (p, hello) = start(&cfg)?;
        Ok(Session {
            cfg,
            restarts,
            process: Some(p),
            hello,
        })
    }

    /// Answer every case of `target` (`isa:target`), in order. Never waits longer than the
    /// timeout for an answer.
    pub fn run(&mut self, target: &str, cases: &[&Case]) -> Vec<Answer> {
        let requests: Vec<Request> = cases.iter().map(|c| Request::Value(c)).collect();
        self.run_requests(target, &requests)
    }

    /// [`Session::run`] for any requests (state requests need protocol 2).
    pub fn run_requests(&mut self, target: &str, cases: &[Request]) -> Vec<Answer> {
        let mut out = Vec::with_capacity(cases.len());
        for chunk in cases.chunks(self.cfg.batch.max(1)) {
            let (mut answers, fault) = self.exchange(target, chunk);
            if let Some(f) = fault {
                let mut in_flight = &chunk[answers.len()..];
                // A line that is not a valid answer (garbage, a wrong or out-of-order id) is
                // charged to the case it should have answered, even if that case passes when
                // resent alone (docs/adapter-protocol.md, section 4).
                if f.starts_with("protocol error") && !in_flight.is_empty() {
                    answers.push(Answer::Fault(f));
                    in_flight = &in_flight[1..];
                }
                // Isolate: resend the cases in flight one at a time, so the fault is
                // charged to the case that causes it.
                for case in in_flight {
                    let (mut one, fault) = self.exchange(target, std::slice::from_ref(case));
                    match fault {
                        None => answers.append(&mut one),
                        Some(f) => answers.push(Answer::Fault(f)),
                    }
                }
            }
            out.append(&mut answers);
        }
        out
    }

    /// Send `cases` and read their answers. On a fault, the answers read so far and the
    /// fault; the process is gone and will be restarted by the next exchange.
    fn exchange(&mut self, target: &str, cases: &[Request]) -> (Vec<Answer>, Option<String>) {
        if self.process.is_none() {
            if self.restarts.fetch_add(1, Ordering::SeqCst) >= self.cfg.max_restarts {
                return (
                    Vec::new(),
                    Some(format!(
                        "not run: the adapter was restarted {} times",
                        self.cfg.max_restarts
                    )),
                );
            }
            match start(&self.cfg) {
                Ok((p, _)) => self.process = Some(p),
                Err(e) => {
                    return (
                        Vec::new(),
                        Some(format!("not run: restarting the adapter failed: {e}")),
                    )
                }
            }
        }
        let Some(p) = self.process.as_mut() else {
            return (Vec::new(), Some("adapter not running".into()));
        };
        let mut text = String::with_capacity(cases.len() * 160);
        text.push_str(&format!("target\t{target}\n"));
        for c in cases {
            text.push_str(&c.line());
        }
        text.push_str("sync\n");
        p.send(text);
        let mut answers = Vec::with_capacity(cases.len());
        for c in cases {
            let fault = match p.recv(self.cfg.timeout) {
                Ok(FromAdapter::Line(l)) => match match c {
                    Request::Value(v) => parse_answer(&l, &v.id, self.hello.flags),
                    Request::State(_) => parse_state_answer(&l, c.id()),
                } {
                    Ok(a) => {
                        answers.push(a);
                        continue;
                    }
                    Err(e) => format!("protocol error: {e}"),
                },
                Ok(FromAdapter::Eof(partial)) => {
                    let status = p.exit_status();
                    match partial {
                        Some(l) => format!("crashed ({status}) after a partial line {}", quote(&l)),
                        None => format!("crashed ({status})"),
                    }
                }
                Ok(FromAdapter::Bad(e)) => format!("protocol error: {e}"),
                Err(RecvTimeoutError::Timeout) => {
                    format!("timed out (no answer within {:?})", self.cfg.timeout)
                }
                Err(RecvTimeoutError::Disconnected) => "crashed (output closed)".into(),
            };
            if let Some(p) = self.process.take() {
                p.kill();
            }
            return (answers, Some(fault));
        }
        (answers, None)
    }

    pub fn finish(mut self) {
        if let Some(p) = self.process.take() {
            p.finish();
        }
    }
}
