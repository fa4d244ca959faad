//! The instruction reference end to end (docs/design/0028): the committed Markdown is what
//! `gpuref docs` generates; every internal link of the HTML site resolves (a walker over the
//! generated files); and the site works in headless Chromium: pages load, the search box
//! finds mnemonics and rule ids, and a screenshot of one page is kept as an artifact
//! (`$CARGO_TARGET_TMPDIR/docs-v_min_f32.png`). Chromium (Debian packages chromium and
//! chromium-driver) is installed by scripts/setup; when it is missing the browser test
//! fails saying so.

mod common;
use common::{gpuref, root, tempdir, text};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// The generated site, once per test process.
fn site() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let d = tempdir("docs", "site");
        let o = gpuref()
            .arg("docs")
            .arg("--root")
            .arg(root())
            .arg("--markdown")
            .arg(d.join("md"))
            .arg("--out")
            .arg(d.join("html"))
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", text(&o));
        d.join("html")
    })
}

/// The committed docs/reference is what the tables generate (CI's regenerate-and-diff).
#[test]
fn committed_reference_is_current() {
    let o = gpuref()
        .args(["docs", "--check", "--root"])
        .arg(root())
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "docs/reference is stale: run `gpuref docs`\n{}",
        text(&o)
    );
}

#[test]
fn explain_prints_the_page() {
    let o = gpuref()
        .args(["explain", "v_min_f32", "--target", "gfx908", "--root"])
        .arg(root())
        .output()
        .unwrap();
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains("pseudocode line): if (IEEE_MODE && S0.f == sNaN)"),
        "{out}"
    );
    assert!(out.contains("gcn5.v_minmax.nan [specified]"), "{out}");
    assert!(out.contains("VOP3A 0x10a"), "{out}");
    let o = gpuref().args(["explain", "v_no_such_op"]).output().unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let o = gpuref()
        .args(["explain", "v_min_f32", "--target", "gfx1100"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
}

/// The values of `attr="..."` in an HTML text.
fn attrs<'a>(html: &'a str, attr: &str) -> Vec<&'a str> {
    let pat = format!(" {attr}=\"");
    html.match_indices(&pat)
        .filter_map(|(i, _)| {
            let rest = &html[i + pat.len()..];
            rest.find('"').map(|e| &rest[..e])
        })
        .collect()
}

fn html_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            html_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "html") {
            out.push(p);
        }
    }
}

/// Every relative href/src of every page names a generated file, and every `#anchor` an
/// id in it.
#[test]
fn every_internal_link_of_the_site_resolves() {
    let mut files = Vec::new();
    html_files(site(), &mut files);
    assert!(files.len() > 1200, "only {} pages", files.len());
    let mut ids: HashMap<PathBuf, HashSet<String>> = HashMap::new();
    let mut texts = Vec::new();
    for f in &files {
        let t = std::fs::read_to_string(f).unwrap();
        let canon = f.canonicalize().unwrap();
        ids.insert(
            canon,
            attrs(&t, "id").into_iter().map(String::from).collect(),
        );
        texts.push((f.clone(), t));
    }
    let mut checked = 0;
    for (f, t) in &texts {
        for link in attrs(t, "href").into_iter().chain(attrs(t, "src")) {
            assert!(
                !link.starts_with("http:")
                    && !link.starts_with("https:")
                    && !link.starts_with("//"),
                "{}: external asset {link}",
                f.display()
            );
            let (path, anchor) = link.split_once('#').unwrap_or((link, ""));
            let target = if path.is_empty() {
                f.clone()
            } else {
                f.parent().unwrap().join(path)
            };
            let canon = target
                .canonicalize()
                .unwrap_or_else(|_| panic!("{}: link {link} names no file", f.display()));
            if !anchor.is_empty() {
                let has = ids.get(&canon).is_some_and(|s| s.contains(anchor));
                assert!(has, "{}: link {link}: no id {anchor}", f.display());
            }
            checked += 1;
        }
    }
    assert!(checked > 10_000, "only {checked} links checked");
}

fn chromium() -> PathBuf {
    for name in ["chromium", "chromium-browser"] {
        for dir in std::env::var("PATH").unwrap_or_default().split(':') {
            let p = Path::new(dir).join(name);
            if p.is_file() {
                return p;
            }
        }
    }
    panic!(
        "chromium was not found: this test renders the reference site in headless Chromium; \
         install the Debian packages chromium and chromium-driver (scripts/setup does)"
    );
}

/// Run headless Chromium with a fresh profile and the machine's required flags.
fn headless(args: &[&str], url: &str) -> Output {
    let profile = tempdir("docs", "chromium-profile");
    let o = Command::new(chromium())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .arg(url)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&profile);
    o
}

fn url(rel: &str) -> String {
    format!("file://{}/{rel}", site().canonicalize().unwrap().display())
}

/// Pages load (the DOM has the page's heading and its SVG diagrams), the search box finds
/// a mnemonic and a rule id from the query string, and a screenshot is written.
#[test]
fn site_renders_and_search_works_in_headless_chromium() {
    let o = headless(&["--dump-dom"], &url("gcn5/v_min_f32.html"));
    let dom = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", text(&o));
    assert!(dom.contains("<h1>v_min_f32</h1>"), "{}", text(&o));
    assert!(dom.contains("<svg class=\"enc\""), "no bit diagram: {dom}");
    assert!(
        dom.contains("id=\"gcn5.v_minmax.nan\""),
        "no rule anchor: {dom}"
    );
    // The z3 model's whole script in a <details> block, the vectors and MODE sections.
    assert!(
        dom.contains("<details><summary>gpuref smt --target gfx900 v_min_f32"),
        "no z3 script: {dom}"
    );
    assert!(
        dom.contains("(define-fun v_min_f32.d "),
        "script cut: {dom}"
    );
    assert!(
        dom.contains("id=\"vectors\"") && dom.contains("id=\"modes\""),
        "{dom}"
    );

    // The search runs from ?q= on load, as typing in the box does.
    let o = headless(
        &["--dump-dom"],
        &format!("{}?q=v_min_f3", url("index.html")),
    );
    let dom = String::from_utf8_lossy(&o.stdout);
    assert!(
        dom.contains("href=\"gcn5/v_min_f32.html\""),
        "search found nothing: {}",
        text(&o)
    );
    let o = headless(
        &["--dump-dom"],
        &format!("{}?q=gcn5.v_minmax.two", url("disputes/d3.html")),
    );
    let dom = String::from_utf8_lossy(&o.stdout);
    assert!(
        dom.contains("gcn5.v_minmax.two_nans</a>"),
        "rule-id search found nothing: {}",
        text(&o)
    );
    let o = headless(
        &["--dump-dom"],
        &format!("{}?q=zzzz_nothing", url("index.html")),
    );
    let dom = String::from_utf8_lossy(&o.stdout);
    assert!(dom.contains("data-count=\"0\""), "{}", text(&o));

    let shot = Path::new(env!("CARGO_TARGET_TMPDIR")).join("docs-v_min_f32.png");
    let _ = std::fs::remove_file(&shot);
    let o = headless(
        &[
            &format!("--screenshot={}", shot.display()),
            "--window-size=1200,1800",
            "--hide-scrollbars",
        ],
        &url("gcn5/v_min_f32.html"),
    );
    let png = std::fs::read(&shot).unwrap_or_else(|_| panic!("no screenshot: {}", text(&o)));
    assert!(
        png.starts_with(b"\x89PNG") && png.len() > 10_000,
        "{}",
        text(&o)
    );
}

/// A minimal WebDriver client over chromedriver's HTTP API (std only; JSON by serde_json).
struct Driver {
    port: u16,
    child: std::process::Child,
    session: String,
    profile: PathBuf,
}

fn http(
    port: u16,
    method: &str,
    path: &str,
    body: Option<&serde_json::Value>,
) -> serde_json::Value {
    use std::io::{Read, Write};
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let mut s =
        std::net::TcpStream::connect(("127.0.0.1", port)).expect("chromedriver is not listening");
    s.set_read_timeout(Some(std::time::Duration::from_secs(60)))
        .unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    // chromedriver keeps the connection open: read the headers, then the body they announce.
    let mut raw = Vec::new();
    let mut buf = [0u8; 8192];
    let complete = |raw: &[u8]| -> Option<String> {
        let text = String::from_utf8_lossy(raw).to_string();
        let (head, rest) = text.split_once("\r\n\r\n")?;
        let lower = head.to_ascii_lowercase();
        if lower.contains("transfer-encoding: chunked") {
            let mut out = String::new();
            let mut rest = rest;
            loop {
                let (size, after) = rest.split_once("\r\n")?;
                let n = usize::from_str_radix(size.trim(), 16).ok()?;
                if n == 0 {
                    return Some(out);
                }
                out.push_str(after.get(..n)?);
                rest = after.get(n..)?.strip_prefix("\r\n")?;
            }
        }
        let len = lower
            .lines()
            .find_map(|l| l.strip_prefix("content-length:"))
            .and_then(|v| v.trim().parse::<usize>().ok())
            .unwrap_or(0);
        (rest.len() >= len).then(|| rest[..len].to_string())
    };
    let decoded = loop {
        if let Some(body) = complete(&raw) {
            break body;
        }
        let n = s.read(&mut buf).unwrap();
        assert!(
            n > 0,
            "{method} {path}: connection closed: {}",
            String::from_utf8_lossy(&raw)
        );
        raw.extend_from_slice(&buf[..n]);
    };
    let raw = String::from_utf8_lossy(&raw).to_string();
    serde_json::from_str(&decoded).unwrap_or_else(|e| panic!("{method} {path}: {e}: {raw}"))
}

impl Driver {
    fn start() -> Driver {
        let driver = ["chromedriver"]
            .iter()
            .flat_map(|n| {
                std::env::var("PATH")
                    .unwrap_or_default()
                    .split(':')
                    .map(|d| Path::new(d).join(n))
                    .collect::<Vec<_>>()
            })
            .find(|p| p.is_file())
            .unwrap_or_else(|| {
                panic!(
                    "chromedriver was not found: install the Debian package chromium-driver \
                     (scripts/setup does)"
                )
            });
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new(driver)
            .arg(format!("--port={port}"))
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                std::time::Instant::now() < deadline,
                "chromedriver did not start"
            );
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        let profile = tempdir("docs", "webdriver-profile");
        let caps = serde_json::json!({"capabilities": {"alwaysMatch": {"goog:chromeOptions": {
            "binary": chromium().display().to_string(),
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                format!("--user-data-dir={}", profile.display())]}}}});
        let mut d = Driver {
            port,
            child,
            session: String::new(),
            profile,
        };
        let r = http(port, "POST", "/session", Some(&caps));
        d.session = r["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {r}"))
            .to_string();
        d
    }

    fn call(&self, method: &str, path: &str, body: Option<serde_json::Value>) -> serde_json::Value {
        let r = http(
            self.port,
            method,
            &format!("/session/{}{path}", self.session),
            body.as_ref(),
        );
        assert!(r["value"]["error"].is_null(), "{method} {path}: {r}");
        r["value"].clone()
    }

    fn find_all(&self, css: &str) -> Vec<String> {
        let v = self.call(
            "POST",
            "/elements",
            Some(serde_json::json!({"using": "css selector", "value": css})),
        );
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|e| e.as_object()?.values().next()?.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default()
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = std::panic::catch_unwind(|| {
                http(
                    self.port,
                    "DELETE",
                    &format!("/session/{}", self.session),
                    None,
                )
            });
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Through chromedriver: type a mnemonic into the search box, see the results appear, click
/// the first one and land on its page; then a rule id.
#[test]
fn typing_in_the_search_box_finds_and_opens_a_page() {
    let d = Driver::start();
    d.call(
        "POST",
        "/url",
        Some(serde_json::json!({"url": url("index.html")})),
    );
    assert!(
        d.find_all("#results li").is_empty(),
        "results before typing"
    );
    let q = d.find_all("#q");
    assert_eq!(q.len(), 1, "no search box");
    d.call(
        "POST",
        &format!("/element/{}/value", q[0]),
        Some(serde_json::json!({"text": "v_min_f32"})),
    );
    let links = d.find_all("#results li a");
    assert!(!links.is_empty(), "typing found nothing");
    let first = d.call("GET", &format!("/element/{}/text", links[0]), None);
    assert_eq!(first.as_str(), Some("v_min_f32"));
    d.call(
        "POST",
        &format!("/element/{}/click", links[0]),
        Some(serde_json::json!({})),
    );
    let now = d.call("GET", "/url", None);
    assert!(
        now.as_str()
            .is_some_and(|u| u.ends_with("gcn5/v_min_f32.html")),
        "{now}"
    );
    let h1 = d.find_all("h1");
    let title = d.call("GET", &format!("/element/{}/text", h1[0]), None);
    assert_eq!(title.as_str(), Some("v_min_f32"));
    // A rule id, typed on an instruction page: the result links to the rule's anchor.
    let q = d.find_all("#q");
    d.call(
        "POST",
        &format!("/element/{}/value", q[0]),
        Some(serde_json::json!({"text": "gcn5.valu.cvt_int.sat"})),
    );
    let links = d.find_all("#results li a");
    assert_eq!(links.len(), 1, "one rule expected");
    let href = d.call(
        "GET",
        &format!("/element/{}/attribute/href", links[0]),
        None,
    );
    assert!(
        href.as_str()
            .is_some_and(|h| h.ends_with("#gcn5.valu.cvt_int.saturate")),
        "{href}"
    );
}
