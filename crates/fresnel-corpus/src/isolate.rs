//! Running many checks either in this process or in worker processes (the binary's hidden
//! `worker` subcommand), so that a compiler crash that aborts the process (a stack overflow)
//! costs one shader, not the whole run.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Mutex;
use std::time::Duration;

use fresnel::{Profile, Stage, TargetEnv, Version};

use crate::run::{self, Includes, Outcome, Settings};

/// One shader to check.
#[derive(Clone, Copy, Debug)]
pub struct Item<'a> {
    pub name: &'a str,
    pub text: &'a str,
    pub settings: &'a Settings,
}

/// Where checks run.
#[derive(Clone, Debug)]
pub enum Mode {
    /// In this process, on a rayon pool.
    InProcess,
    /// In worker processes running [`worker_loop`].
    Isolated(WorkerCommand),
}

/// How to start a worker process.
#[derive(Clone, Debug)]
pub struct WorkerCommand {
    pub exe: PathBuf,
    pub args: Vec<String>,
    pub env: Vec<(String, String)>,
}

impl WorkerCommand {
    /// The `fresnel-corpus` binary's hidden `worker` subcommand.
    pub fn subcommand(exe: PathBuf) -> WorkerCommand {
        WorkerCommand {
            exe,
            args: vec!["worker".into()],
            env: Vec::new(),
        }
    }

    /// The current executable with `FRESNEL_CORPUS_WORKER=1` (test binaries check it first).
    pub fn current_exe_with_env() -> Option<WorkerCommand> {
        Some(WorkerCommand {
            exe: std::env::current_exe().ok()?,
            args: Vec::new(),
            env: vec![(WORKER_ENV.into(), "1".into())],
        })
    }
}

/// The environment variable that turns a test binary into a worker.
pub const WORKER_ENV: &str = "FRESNEL_CORPUS_WORKER";

/// How long one shader may take in a worker before it is treated as a hang (seconds;
/// `$FRESNEL_CORPUS_TIMEOUT` overrides). The slowest corpus shader takes well under a second
/// in a debug build.
fn limit() -> Duration {
    let secs = std::env::var("FRESNEL_CORPUS_TIMEOUT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    Duration::from_secs(secs)
}

/// Checks every item; outcomes in order.
pub fn check_all(items: &[Item<'_>], threads: usize, mode: &Mode) -> Vec<Outcome> {
    match mode {
        Mode::InProcess => {
            crate::par_map(items, threads, |i| run::check(i.name, i.text, i.settings))
        }
        Mode::Isolated(exe) => isolated(items, threads, exe),
    }
}

#[derive(serde::Serialize, serde::Deserialize)]
struct WireVersion {
    number: u16,
    profile: String,
}

fn version_to_wire(v: Version) -> WireVersion {
    let profile = match v.profile {
        Profile::None => "none",
        Profile::Core => "core",
        Profile::Compatibility => "compatibility",
        Profile::Es => "es",
    };
    WireVersion {
        number: v.number,
        profile: profile.into(),
    }
}

fn version_from_wire(w: &WireVersion) -> Version {
    let profile = match w.profile.as_str() {
        "core" => Profile::Core,
        "compatibility" => Profile::Compatibility,
        "es" => Profile::Es,
        _ => Profile::None,
    };
    Version::new(w.number, profile)
}

/// [`Settings`] on the wire (the library types are not deserializable).
#[derive(serde::Serialize, serde::Deserialize)]
struct WireSettings {
    stage: Option<String>,
    target: String,
    default_version: Option<WireVersion>,
    version_override: Option<WireVersion>,
    includes: Option<String>,
    empty_includes: bool,
    preprocess_only: bool,
    #[serde(default)]
    relaxed_vulkan: bool,
    #[serde(default)]
    link: bool,
}

fn to_wire(s: &Settings) -> WireSettings {
    WireSettings {
        stage: s.stage.map(|st| st.extension().to_string()),
        target: match s.target {
            TargetEnv::OpenGl => "opengl".into(),
            TargetEnv::OpenGlEs => "opengles".into(),
            TargetEnv::Vulkan { minor } => format!("vulkan1.{minor}"),
        },
        default_version: s.default_version.map(version_to_wire),
        version_override: s.version_override.map(version_to_wire),
        includes: match &s.includes {
            Includes::Dir(d) => Some(d.to_string_lossy().into_owned()),
            _ => None,
        },
        empty_includes: s.includes == Includes::Empty,
        preprocess_only: s.preprocess_only,
        relaxed_vulkan: s.relaxed_vulkan,
        link: s.link,
    }
}

fn from_wire(w: &WireSettings) -> Settings {
    Settings {
        stage: w.stage.as_deref().and_then(Stage::from_extension),
        target: TargetEnv::parse(&w.target).unwrap_or_default(),
        default_version: w.default_version.as_ref().map(version_from_wire),
        version_override: w.version_override.as_ref().map(version_from_wire),
        includes: match (&w.includes, w.empty_includes) {
            (_, true) => Includes::Empty,
            (Some(d), false) => Includes::Dir(PathBuf::from(d)),
            (None, false) => Includes::None,
        },
        preprocess_only: w.preprocess_only,
        spirv_minor: None,
        auto_map: false,
        relaxed_vulkan: w.relaxed_vulkan,
        link: w.link,
    }
}

#[derive(serde::Serialize, serde::Deserialize)]
struct Request {
    name: String,
    text: String,
    settings: WireSettings,
}

/// The worker: one JSON request per input line, one JSON [`Outcome`] per output line.
pub fn worker_loop(input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    for line in input.lines() {
        let line = line?;
        let outcome = match serde_json::from_str::<Request>(&line) {
            Ok(r) => run::check(&r.name, &r.text, &from_wire(&r.settings)),
            Err(e) => Outcome::rejected(format!("bad request: {e}")),
        };
        let text = serde_json::to_string(&outcome).map_err(std::io::Error::other)?;
        writeln!(output, "{text}")?;
        output.flush()?;
    }
    Ok(())
}

struct Worker {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Worker {
    fn spawn(cmd: &WorkerCommand) -> std::io::Result<Worker> {
        let mut child = Command::new(&cmd.exe)
            .args(&cmd.args)
            .envs(cmd.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let stdin = child
            .stdin
            .take()
            .ok_or_else(|| std::io::Error::other("no stdin"))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| std::io::Error::other("no stdout"))?;
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Worker {
            child,
            stdin,
            lines: rx,
        })
    }

    /// One request; `Err` when the worker died or hung (it is then killed).
    fn request(&mut self, item: &Item<'_>) -> Result<Outcome, String> {
        let req = Request {
            name: item.name.to_string(),
            text: item.text.to_string(),
            settings: to_wire(item.settings),
        };
        let line = serde_json::to_string(&req).map_err(|e| e.to_string())?;
        let sent = writeln!(self.stdin, "{line}").and_then(|_| self.stdin.flush());
        let reply = match sent {
            Ok(()) => self.lines.recv_timeout(limit()),
            Err(_) => Err(RecvTimeoutError::Disconnected),
        };
        match reply {
            Ok(l) => serde_json::from_str::<Outcome>(&l).map_err(|e| e.to_string()),
            Err(RecvTimeoutError::Timeout) => {
                self.stop();
                Err(format!("timed out after {:?}", limit()))
            }
            Err(RecvTimeoutError::Disconnected) => {
                let status = self.child.wait().map(|s| s.to_string()).unwrap_or_default();
                Err(format!("worker died ({status})"))
            }
        }
    }

    fn stop(&mut self) {
        // Our own child, by its handle.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn isolated(items: &[Item<'_>], threads: usize, exe: &WorkerCommand) -> Vec<Outcome> {
    let threads = if threads == 0 {
        std::thread::available_parallelism().map_or(2, |n| n.get())
    } else {
        threads
    };
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Outcome>>> = Mutex::new(vec![None; items.len()]);
    std::thread::scope(|scope| {
        for _ in 0..threads.min(items.len().max(1)) {
            scope.spawn(|| {
                let mut worker: Option<Worker> = None;
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    if worker.is_none() {
                        worker = match Worker::spawn(exe) {
                            Ok(w) => Some(w),
                            Err(e) => {
                                if let Ok(mut r) = results.lock() {
                                    r[i] = Some(Outcome::crashed(format!(
                                        "cannot start a worker process ({}): {e}",
                                        exe.exe.display()
                                    )));
                                }
                                continue;
                            }
                        };
                    }
                    let outcome = match worker.as_mut() {
                        None => continue,
                        Some(w) => match w.request(item) {
                            Ok(o) => o,
                            Err(e) => {
                                if let Some(mut w) = worker.take() {
                                    w.stop();
                                }
                                Outcome::crashed(format!("compiler crashed: {e}"))
                            }
                        },
                    };
                    if let Ok(mut r) = results.lock() {
                        r[i] = Some(outcome);
                    }
                }
                if let Some(mut w) = worker {
                    drop(w.stdin);
                    let _ = w.child.wait();
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .map(|o| o.unwrap_or_else(|| Outcome::rejected("not run")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_round_trip() {
        let mut s = Settings::new(Some(Stage::TessEval));
        s.target = TargetEnv::Vulkan { minor: 2 };
        s.default_version = Some(Version::es(310));
        s.version_override = Some(Version::new(150, Profile::Compatibility));
        s.includes = Includes::Dir(PathBuf::from("/x/y"));
        s.preprocess_only = true;
        s.relaxed_vulkan = true;
        // Peer-only facts do not travel: Fresnel does not use them.
        assert_eq!(from_wire(&to_wire(&s)).options().target, s.target);
        assert_eq!(from_wire(&to_wire(&s)), s);
        s.includes = Includes::Empty;
        assert_eq!(from_wire(&to_wire(&s)), s);
    }

    #[test]
    fn worker_protocol() {
        let s = Settings::new(Some(Stage::Fragment));
        let req = |t: &str| {
            serde_json::to_string(&Request {
                name: "x.frag".into(),
                text: t.into(),
                settings: to_wire(&s),
            })
            .unwrap()
        };
        let input = format!(
            "{}\n{}\nnot json\n",
            req("#version 450\nvoid main(){}\n"),
            req("void main( {")
        );
        let mut out = Vec::new();
        worker_loop(input.as_bytes(), &mut out).unwrap();
        let lines: Vec<Outcome> = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 3);
        assert!(lines[0].accepted);
        assert!(!lines[1].accepted);
        assert!(!lines[2].accepted);
    }
}
