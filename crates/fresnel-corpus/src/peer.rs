//! Peer compilers on the same shaders: `glslangValidator` (the Khronos reference front end)
//! and `mesa-check` (Mesa's GLSL compiler, from ../shared/tools). Results are cached in
//! `target/fresnel-corpus/*.json`, keyed by the tool, its arguments and the shader text, so a
//! rerun only compiles what changed.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use fresnel::{Profile, TargetEnv};

use crate::run::{fnv1a, Includes, Outcome, Settings};

/// A peer compiler.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Tool {
    Glslang,
    Mesa,
}

impl Tool {
    pub fn name(self) -> &'static str {
        match self {
            Tool::Glslang => "glslangValidator",
            Tool::Mesa => "mesa-check",
        }
    }

    /// The cache file of this tool.
    pub fn cache_file(self) -> PathBuf {
        crate::corpus::cache_dir().join(match self {
            Tool::Glslang => "peer-glslang.json",
            Tool::Mesa => "peer-mesa.json",
        })
    }
}

/// `mesa-check`: `$FRESNEL_MESA_CHECK`, else ../shared/tools/mesa-check.
pub fn mesa_check_path() -> PathBuf {
    match std::env::var_os("FRESNEL_MESA_CHECK") {
        Some(p) => PathBuf::from(p),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/tools/mesa-check"),
    }
}

/// Whether mesa-check can compile a stage (the six OpenGL stages).
pub fn mesa_stage(stage: fresnel::Stage) -> bool {
    use fresnel::Stage::*;
    matches!(
        stage,
        Vertex | TessControl | TessEval | Geometry | Fragment | Compute
    )
}

/// Whether a tool can be run here.
pub fn available(tool: Tool) -> bool {
    match tool {
        Tool::Glslang => Command::new("glslangValidator")
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok(),
        Tool::Mesa => mesa_check_path().is_file(),
    }
}

/// Cached outcomes of one tool.
#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Cache {
    pub entries: BTreeMap<String, Outcome>,
    #[serde(skip)]
    path: PathBuf,
    #[serde(skip)]
    dirty: bool,
}

impl Cache {
    pub fn load(path: &Path) -> Cache {
        let mut c = crate::corpus::read_text(path)
            .and_then(|t| serde_json::from_str::<Cache>(&t).ok())
            .unwrap_or_default();
        c.path = path.to_path_buf();
        // Failures of the tool itself (it could not run, timed out, printed something
        // unreadable) are not verdicts: run those again.
        c.entries.retain(|_, o| !o.crashed && !is_tool_failure(o));
        c
    }

    pub fn get(&self, key: &str) -> Option<&Outcome> {
        self.entries.get(key)
    }

    pub fn insert(&mut self, key: String, o: Outcome) {
        self.entries.insert(key, o);
        self.dirty = true;
    }

    pub fn save(&mut self) -> std::io::Result<()> {
        if !self.dirty {
            return Ok(());
        }
        if let Some(d) = self.path.parent() {
            std::fs::create_dir_all(d)?;
        }
        let text = serde_json::to_string(self).map_err(std::io::Error::other)?;
        let tmp = self.path.with_extension("json.tmp");
        std::fs::write(&tmp, text)?;
        std::fs::rename(&tmp, &self.path)?;
        self.dirty = false;
        Ok(())
    }
}

/// One shader for a peer: where its text is (or the text itself, written to a temporary file
/// when needed) and how the harness compiles it.
#[derive(Clone, Debug)]
pub struct PeerInput {
    /// The file on disk, when `text` is its exact content.
    pub file: Option<PathBuf>,
    pub text: String,
    pub settings: Settings,
}

fn glslang_version_arg(v: fresnel::Version) -> String {
    if v.profile == Profile::Es && v.number != 100 {
        format!("{}es", v.number)
    } else {
        v.number.to_string()
    }
}

/// The glslangValidator arguments (without the file) for a shader.
pub fn glslang_args(s: &Settings) -> Vec<String> {
    let mut a = Vec::new();
    if s.preprocess_only {
        a.push("-E".to_string());
    }
    if let Some(st) = s.stage {
        a.push("-S".into());
        a.push(st.extension().into());
    }
    if !s.preprocess_only {
        if let TargetEnv::Vulkan { minor } = s.target {
            a.push("--target-env".into());
            a.push(format!("vulkan1.{minor}"));
            if let Some(spv) = s.spirv_minor {
                a.push("--target-env".into());
                a.push(format!("spirv1.{spv}"));
            }
            if s.auto_map {
                a.push("--aml".into());
                a.push("--amb".into());
            }
            a.push("-o".into());
            a.push("/dev/null".into());
        }
    }
    // glslang's own default without #version is 100 (ES); `-d` makes it desktop 110, which
    // is what an OpenGL context does.
    let desktop_default = match s.default_version {
        Some(v) => !v.is_es(),
        None => s.target == TargetEnv::OpenGl,
    };
    if desktop_default {
        a.push("-d".into());
    }
    if let Some(v) = s.version_override {
        a.push("--glsl-version".into());
        a.push(glslang_version_arg(v));
    }
    if let Includes::Dir(d) = &s.includes {
        a.push(format!("-I{}", d.display()));
    }
    a
}

/// The mesa-check arguments (without the file).
pub fn mesa_args(s: &Settings) -> Vec<String> {
    match s.stage {
        Some(st) => vec!["--stage".into(), st.extension().into()],
        None => Vec::new(),
    }
}

fn cache_key(tool: Tool, args: &[String], text: &str) -> String {
    let args = args.join("\u{1}");
    format!(
        "{:016x}",
        fnv1a(&[tool.name().as_bytes(), args.as_bytes(), text.as_bytes()])
    )
}

/// Runs a command with a time limit; (exit success, stdout + stderr).
pub fn run_command(mut cmd: Command, limit: Duration) -> Result<(bool, String), String> {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run: {e}"))?;
    let mut out = child.stdout.take();
    let mut err = child.stderr.take();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        if let Some(o) = out.as_mut() {
            let _ = o.read_to_string(&mut s);
        }
        let mut e = String::new();
        if let Some(r) = err.as_mut() {
            let _ = r.read_to_string(&mut e);
        }
        s.push_str(&e);
        s
    });
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(st)) => break Some(st),
            Ok(None) if start.elapsed() > limit => {
                // Our own child, by its id.
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(2)),
            Err(e) => return Err(e.to_string()),
        }
    };
    let text = reader.join().unwrap_or_default();
    match status {
        Some(st) => Ok((st.success(), text)),
        None => Err(format!("timed out after {limit:?}")),
    }
}

/// Whether an outcome records a failure of the tool rather than a verdict (older caches did
/// not mark them).
fn is_tool_failure(o: &Outcome) -> bool {
    o.first_error
        .as_deref()
        .is_some_and(|e| e.starts_with("mesa-check: ") || e.starts_with("glslangValidator: "))
}

/// glslangValidator's verdict: rejected when an `ERROR:` line is not about linking.
pub fn parse_glslang_output(output: &str) -> Outcome {
    for l in output.lines() {
        if let Some(rest) = l.strip_prefix("ERROR: ") {
            if rest.starts_with("Linking") {
                continue;
            }
            return Outcome::rejected(rest.trim());
        }
    }
    Outcome::accepted()
}

/// mesa-check's verdict on the compile of the (single) stage.
pub fn parse_mesa_output(output: &str) -> Outcome {
    // The JSON object may be surrounded by driver messages.
    let Some(start) = output
        .find("{\"accepted\"")
        .or_else(|| output.find("{\""))
        .or_else(|| output.find('{'))
    else {
        return Outcome::crashed(format!("mesa-check: {}", output.trim()));
    };
    let Some(Ok(v)) = serde_json::Deserializer::from_str(&output[start..])
        .into_iter::<serde_json::Value>()
        .next()
    else {
        return Outcome::crashed(format!(
            "mesa-check: unreadable output: {}",
            output.chars().take(200).collect::<String>()
        ));
    };
    let Some(stages) = v.get("stages").and_then(|s| s.as_object()) else {
        let e = v
            .get("error")
            .and_then(|e| e.as_str())
            .unwrap_or("no stages");
        return Outcome::crashed(format!("mesa-check: {e}"));
    };
    for st in stages.values() {
        if st.get("compiled").and_then(|c| c.as_bool()) != Some(true) {
            let log = st.get("log").and_then(|l| l.as_str()).unwrap_or("");
            let first = log
                .lines()
                .find(|l| l.contains("error"))
                .unwrap_or(log)
                .trim();
            return Outcome::rejected(first.to_string());
        }
    }
    Outcome::accepted()
}

fn temp_file(text: &str, settings: &Settings) -> Result<PathBuf, String> {
    let dir = crate::corpus::cache_dir().join("tmp");
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let ext = settings.stage.map_or("glsl", |s| s.extension());
    let p = dir.join(format!("{:016x}.{ext}", fnv1a(&[text.as_bytes()])));
    if !p.is_file() {
        std::fs::write(&p, text).map_err(|e| e.to_string())?;
    }
    Ok(p)
}

/// The text mesa-check should compile: mesa-check takes the version from `#version` only,
/// so a shader compiled with a default version (GLSL ES 1.00 for glsl-optimizer's `inES`
/// inputs) gets that `#version` line first, to compare like with like.
fn mesa_text(input: &PeerInput) -> Option<String> {
    let v = input
        .settings
        .version_override
        .or(input.settings.default_version)?;
    let has_version = input.text.lines().any(|l| {
        l.trim_start().starts_with("#") && l.trim_start()[1..].trim_start().starts_with("version")
    });
    if has_version && input.settings.version_override.is_none() {
        return None;
    }
    if has_version {
        // An override replaces the shader's own line.
        let body: Vec<&str> = input
            .text
            .lines()
            .map(|l| {
                let t = l.trim_start();
                if t.starts_with('#') && t[1..].trim_start().starts_with("version") {
                    ""
                } else {
                    l
                }
            })
            .collect();
        return Some(format!("#version {}\n{}", version_line(v), body.join("\n")));
    }
    Some(format!("#version {}\n{}", version_line(v), input.text))
}

fn version_line(v: fresnel::Version) -> String {
    match v.profile {
        Profile::Es if v.number != 100 => format!("{} es", v.number),
        Profile::Compatibility => format!("{} compatibility", v.number),
        _ => v.number.to_string(),
    }
}

/// Runs a tool on one shader (no cache).
pub fn run_tool(tool: Tool, input: &PeerInput) -> Outcome {
    let mesa_text = (tool == Tool::Mesa).then(|| mesa_text(input)).flatten();
    let file = match (&input.file, &mesa_text) {
        (_, Some(t)) => match temp_file(t, &input.settings) {
            Ok(p) => p,
            Err(e) => return Outcome::rejected(format!("cannot write a temporary file: {e}")),
        },
        (Some(f), None) => f.clone(),
        (None, None) => match temp_file(&input.text, &input.settings) {
            Ok(p) => p,
            Err(e) => return Outcome::rejected(format!("cannot write a temporary file: {e}")),
        },
    };
    let (mut cmd, args) = match tool {
        Tool::Glslang => (
            Command::new("glslangValidator"),
            glslang_args(&input.settings),
        ),
        Tool::Mesa => {
            let mut c = Command::new(mesa_check_path());
            c.env("MESA_SHADER_CACHE_DISABLE", "true");
            (c, mesa_args(&input.settings))
        }
    };
    cmd.args(&args).arg(&file);
    if let Some(d) = file.parent() {
        cmd.current_dir(d);
    }
    match run_command(cmd, Duration::from_secs(60)) {
        Ok((_, out)) => match tool {
            Tool::Glslang => parse_glslang_output(&out),
            Tool::Mesa => parse_mesa_output(&out),
        },
        Err(e) => Outcome::crashed(format!("{}: {e}", tool.name())),
    }
}

/// Runs a tool on every input (`None` entries are not run), in parallel on `threads` threads,
/// through the cache. Saves the cache.
pub fn run_all(
    tool: Tool,
    inputs: &[Option<PeerInput>],
    threads: usize,
    cache: &mut Cache,
) -> Vec<Option<Outcome>> {
    let keys: Vec<Option<String>> = inputs
        .iter()
        .map(|i| {
            i.as_ref().map(|i| {
                let args = match tool {
                    Tool::Glslang => glslang_args(&i.settings),
                    Tool::Mesa => mesa_args(&i.settings),
                };
                // The text the tool actually compiles (mesa-check may get a `#version`).
                let text = match tool {
                    Tool::Mesa => mesa_text(i).unwrap_or_else(|| i.text.clone()),
                    Tool::Glslang => i.text.clone(),
                };
                cache_key(tool, &args, &text)
            })
        })
        .collect();
    let todo: Vec<usize> = (0..inputs.len())
        .filter(|&i| keys[i].as_ref().is_some_and(|k| cache.get(k).is_none()))
        .collect();
    // Tool failures of this run (not cached).
    let mut failures: BTreeMap<String, Outcome> = BTreeMap::new();
    if !todo.is_empty() {
        eprintln!(
            "{}: compiling {} shaders ({} cached)",
            tool.name(),
            todo.len(),
            keys.iter().flatten().count() - todo.len()
        );
        // Save progress every few hundred shaders so an interrupted run is not lost.
        for chunk in todo.chunks(400) {
            let results = crate::par_map(chunk, threads, |&i| {
                inputs[i].as_ref().map(|inp| run_tool(tool, inp))
            });
            for (&i, r) in chunk.iter().zip(results) {
                if let (Some(k), Some(o)) = (&keys[i], r) {
                    if o.crashed {
                        failures.insert(k.clone(), o);
                    } else {
                        cache.insert(k.clone(), o);
                    }
                }
            }
            if let Err(e) = cache.save() {
                eprintln!("warning: cannot save {}: {e}", cache.path.display());
            }
        }
    }
    if !failures.is_empty() {
        eprintln!(
            "warning: {} failed to run on {} shaders (not cached; counted as crashes)",
            tool.name(),
            failures.len()
        );
    }
    keys.iter()
        .map(|k| {
            k.as_ref()
                .and_then(|k| cache.get(k).or_else(|| failures.get(k)).cloned())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glslang_output() {
        let o = parse_glslang_output("b.frag\nERROR: b.frag:2: 'x' : undeclared identifier \nERROR: 1 compilation errors.  No code generated.\n");
        assert!(!o.accepted);
        assert_eq!(
            o.first_error.as_deref(),
            Some("b.frag:2: 'x' : undeclared identifier")
        );
        let o =
            parse_glslang_output("a.frag\nERROR: Linking fragment stage: Missing entry point\n");
        assert!(o.accepted);
    }

    #[test]
    fn mesa_output() {
        let o = parse_mesa_output(
            r#"{"accepted": false, "stages": {"frag": {"compiled": false, "log": "0:1(1): error: syntax error"}}}"#,
        );
        assert!(!o.accepted);
        let o = parse_mesa_output(
            "libEGL warning: x {\n{\"accepted\": false, \"stages\": {\"frag\": {\"compiled\": true, \"log\": \"\"}}, \"linked\": false}\ntrailing {",
        );
        assert!(o.accepted);
        let o = parse_mesa_output("Traceback: boom");
        assert!(o.crashed);
        assert!(is_tool_failure(&o));
    }

    #[test]
    fn arguments() {
        let mut s = Settings::new(Some(fresnel::Stage::Fragment));
        s.target = TargetEnv::Vulkan { minor: 1 };
        assert_eq!(
            glslang_args(&s),
            ["-S", "frag", "--target-env", "vulkan1.1", "-o", "/dev/null"]
        );
        s.target = TargetEnv::OpenGlEs;
        assert_eq!(glslang_args(&s), ["-S", "frag"]);
        s.target = TargetEnv::OpenGl;
        assert_eq!(glslang_args(&s), ["-S", "frag", "-d"]);
        s.default_version = Some(fresnel::Version::desktop(120));
        s.version_override = Some(fresnel::Version::es(310));
        assert_eq!(
            glslang_args(&s),
            ["-S", "frag", "-d", "--glsl-version", "310es"]
        );
    }
}
