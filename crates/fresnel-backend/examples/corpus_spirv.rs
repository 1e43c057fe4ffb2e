//! Sweep: every corpus shader that `fresnel check` accepts (the compile-level manifest rows
//! expected to pass, the real-world shaders, the dEQP shaders; the same set as
//! `fresnel-corpus ir-check`) is compiled to SPIR-V for the environment it is written for
//! (Vulkan 1.x for Vulkan sources, OpenGL 4.5 otherwise) and passed through `spirv-val`.
//! Prints per source: shaders the checker accepts (a lowering refusal counts as a failure,
//! under `[lowering]`), SPIR-V written, passing spirv-val, and the failures grouped by first
//! error line.
//!
//! `cargo run -p fresnel-backend --example corpus_spirv [SOURCE...]` (set `FRESNEL_SPV_DUMP` to
//! a directory to keep the modules spirv-val rejects there; `CORPUS_SPIRV_LIST=1` to list
//! every shader lowered, with its environment, on standard error; `SPIRV_VAL=program` to use
//! another validator with spirv-val's command line, such as `tools/spirv-val-vendored`).

use std::collections::BTreeMap;
use std::io::Write;
use std::panic::AssertUnwindSafe;
use std::path::Path;
use std::process::{Command, Stdio};

use fresnel::{IncludeKind, IncludeResolver, NoIncludes, SourceInput};
use fresnel_backend::spirv::{self, SpirvOptions};
use fresnel_corpus::run::Includes;

/// `spirv-val` options for the block layouts a shader opted into (as glslang's own test
/// harness passes them): `--scalar-block-layout` for `scalar` blocks (GL_EXT_scalar_block_layout),
/// `--uniform-buffer-standard-layout` for `std430` uniform blocks
/// (GL_EXT_uniform_buffer_standard_layout). Buffer reference blocks have no variable, so a
/// `scalar` layout qualifier in the source (`layout(buffer_reference, scalar)`) counts too.
fn layout_flags(ir: &fresnel_ir::Shader, text: &str) -> Vec<&'static str> {
    use fresnel_ir::{BlockPacking, VarMode};
    let mut flags = Vec::new();
    let packed = |p: BlockPacking, m: Option<VarMode>| {
        ir.vars
            .iter()
            .any(|(_, v)| v.packing == Some(p) && m.is_none_or(|m| v.mode == m))
    };
    if packed(BlockPacking::Scalar, None) || declares_scalar_layout(text) {
        flags.push("--scalar-block-layout");
    } else if packed(BlockPacking::Std430, Some(VarMode::Ubo)) {
        flags.push("--uniform-buffer-standard-layout");
    }
    flags
}

/// Whether some `layout(...)` qualifier of `text` names `scalar`.
fn declares_scalar_layout(text: &str) -> bool {
    text.match_indices("layout").any(|(i, _)| {
        let rest = text[i + "layout".len()..].trim_start();
        rest.strip_prefix('(')
            .and_then(|r| r.split(')').next())
            .is_some_and(|inside| inside.split(',').any(|e| e.trim() == "scalar"))
    })
}

/// A module without an entry point (a unit to be linked, declaring `Linkage`) is checked in
/// the universal environment of its SPIR-V version: Vulkan takes only linked modules.
fn val_env(words: &[u32], env: spirv::TargetEnv) -> String {
    let mut i = 5;
    while i < words.len() {
        let (n, op) = ((words[i] >> 16) as usize, words[i] & 0xffff);
        if op == 15 {
            return env.val_name().to_string();
        }
        if n == 0 {
            break;
        }
        i += n;
    }
    let minor = words.get(1).map_or(0, |v| (v >> 8) & 0xff);
    format!("spv1.{minor}")
}

fn validate(words: &[u32], env: spirv::TargetEnv, flags: &[&str]) -> Result<(), String> {
    let program = std::env::var_os("SPIRV_VAL").unwrap_or_else(|| "spirv-val".into());
    let mut child = Command::new(program)
        .args(["--target-env", &val_env(words, env)])
        .args(flags)
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run spirv-val: {e}"))?;
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(&spirv::to_bytes(words))
            .map_err(|e| e.to_string())?;
    }
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    if out.status.success() {
        Ok(())
    } else {
        let mut msg = String::from_utf8_lossy(&out.stderr).into_owned();
        msg.push_str(&String::from_utf8_lossy(&out.stdout));
        Err(msg)
    }
}

fn normalize(s: &str) -> String {
    let l = s
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .trim();
    let mut out = String::new();
    let mut last_digit = false;
    for c in l.chars().take(140) {
        if c.is_ascii_digit() {
            if !last_digit {
                out.push('N');
            }
            last_digit = true;
        } else {
            out.push(c);
            last_digit = false;
        }
    }
    out
}

/// `#include` next to the including file, then in the job's directory (glslangValidator's
/// rule), or nothing but piglit's empty named string.
struct Includer {
    dir: Option<std::path::PathBuf>,
}

impl IncludeResolver for Includer {
    fn resolve(
        &mut self,
        name: &str,
        _kind: IncludeKind,
        from: &str,
    ) -> Result<(String, String), String> {
        let Some(dir) = &self.dir else {
            if name == "/dummy/path_to/shader_include" {
                return Ok((name.to_string(), String::new()));
            }
            return Err(format!("no named string `{name}`"));
        };
        let base = Path::new(from)
            .parent()
            .map_or_else(|| dir.clone(), Path::to_path_buf);
        for d in [base, dir.clone()] {
            let p = d.join(name.replace('\\', "/"));
            if let Ok(bytes) = std::fs::read(&p) {
                return Ok((
                    p.to_string_lossy().into_owned(),
                    String::from_utf8_lossy(&bytes).into_owned(),
                ));
            }
        }
        Err(format!("{name} not found"))
    }
}

/// The optimization level asked for by `CORPUS_SPIRV_OPT`.
fn opt_level() -> Option<fresnel_opt::OptLevel> {
    match std::env::var("CORPUS_SPIRV_OPT").ok()?.as_str() {
        "O" => Some(fresnel_opt::OptLevel::O),
        "Os" => Some(fresnel_opt::OptLevel::Os),
        _ => None,
    }
}

#[derive(Default)]
struct Tally {
    /// Accepted by the checker (and lowered, but under `[lowering]`).
    accepted: usize,
    emitted: usize,
    valid: usize,
    errors: BTreeMap<String, (usize, String)>,
}

/// Whether a glslang test without a documented mode (guessed Vulkan from its `spv.` name)
/// has an OpenGL SPIR-V reference output (`glslangValidator -G`): built-ins and storage
/// that only OpenGL SPIR-V has (`VertexId`, `InstanceId`, atomic counters). Such a file is
/// written for OpenGL (e.g. `spv.noBuiltInLoc.vert`, whose default uniforms Vulkan lacks).
fn glslang_opengl_reference(dir: &Path, label: &str) -> bool {
    let Some(name) = label.strip_prefix("glslang/Test/") else {
        return false;
    };
    let out = dir
        .join("glslang/Test/baseResults")
        .join(format!("{name}.out"));
    let Ok(text) = std::fs::read_to_string(out) else {
        return false;
    };
    text.contains("// Module Version")
        && (text.contains("BuiltIn VertexId")
            || text.contains("BuiltIn InstanceId")
            || text.contains("Capability AtomicStorage"))
}

fn main() {
    let sources: Vec<String> = std::env::args().skip(1).collect();
    let Some(dir) = fresnel_corpus::corpus::corpus_dir() else {
        eprintln!("corpus not found");
        std::process::exit(2);
    };
    let worker = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || run(&dir, &sources))
        .expect("thread");
    let ok = worker.join().unwrap_or(false);
    std::process::exit(if ok { 0 } else { 1 });
}

fn run(dir: &Path, sources: &[String]) -> bool {
    let jobs = fresnel_corpus::ircheck::jobs(dir, sources);
    let mut tallies: BTreeMap<String, Tally> = BTreeMap::new();
    for job in &jobs {
        let source = job.label.split('/').next().unwrap_or("?").to_string();
        let mut job = job.clone();
        if matches!(job.settings.target, fresnel::TargetEnv::Vulkan { .. })
            && glslang_opengl_reference(dir, &job.label)
        {
            job.settings.target = fresnel::TargetEnv::OpenGl;
        }
        let job = &job;
        let requested = match job.settings.target {
            fresnel::TargetEnv::Vulkan { minor } => spirv::TargetEnv::Vulkan {
                minor: minor.min(3),
            },
            _ => spirv::TargetEnv::OpenGl,
        };
        let opts = job.settings.options();
        let lowered = std::panic::catch_unwind(AssertUnwindSafe(|| {
            let src = SourceInput::new(&job.label, &job.text);
            match &job.settings.includes {
                Includes::None => fresnel::lower_to_ir(src, &opts, &mut NoIncludes),
                Includes::Empty => fresnel::lower_to_ir(src, &opts, &mut Includer { dir: None }),
                Includes::Dir(d) => fresnel::lower_to_ir(
                    src,
                    &opts,
                    &mut Includer {
                        dir: Some(d.clone()),
                    },
                ),
            }
        }));
        // A shader the checker accepts but the lowering refuses (or a panic) fails the
        // sweep too: it is counted, under `[lowering]`, not skipped.
        let lowering_failure = |tallies: &mut BTreeMap<String, Tally>, what: String| {
            let t = tallies.entry(format!("{source} [lowering]")).or_default();
            t.accepted += 1;
            let e = t.errors.entry(what).or_insert((0, job.label.clone()));
            e.0 += 1;
        };
        let run = match lowered {
            Ok(run) => run,
            Err(_) => {
                lowering_failure(&mut tallies, "lower: PANIC".into());
                continue;
            }
        };
        let Some(mut ir) = run.ir else {
            if let Some(d) = run.diagnostics.iter().find(|d| d.code == "E-lower") {
                lowering_failure(&mut tallies, format!("lower: {}", normalize(&d.message)));
            }
            continue;
        };
        // `CORPUS_SPIRV_OPT=O` (or `Os`): optimize first, as `fresnel compile -O` does.
        if let Some(level) = opt_level() {
            let facts = fresnel_opt::TargetFacts {
                default_uniforms: !matches!(requested, spirv::TargetEnv::Vulkan { .. }),
            };
            let pm = fresnel_opt::PassManager::new(
                fresnel_opt::Pipeline::for_level(level, facts),
                fresnel_opt::RunOptions::default(),
            );
            let optimized = std::panic::catch_unwind(AssertUnwindSafe(|| pm.run(&mut ir).is_ok()));
            if !matches!(optimized, Ok(true)) {
                // Counted as accepted and not valid, so the sweep fails.
                let t = tallies.entry(format!("{source} [optimizer]")).or_default();
                t.accepted += 1;
                let e = t
                    .errors
                    .entry("optimizer failed".into())
                    .or_insert((0, job.label.clone()));
                e.0 += 1;
                continue;
            }
        }
        // glslang's relaxed Vulkan rows (`VulkanRelaxedTest`): linked as `fresnel compile
        // --relaxed` links them (the default uniform block, opaque members of structures
        // split out, atomic counters in buffers).
        if job.settings.relaxed_vulkan {
            let link_opts = fresnel_link::LinkOptions {
                default_block: Some(fresnel_link::DefaultBlockOptions {
                    set: 0,
                    binding: None,
                }),
            };
            let mut list = vec![ir];
            if let Err(e) = fresnel_link::link_program(&mut list, &link_opts) {
                lowering_failure(&mut tallies, format!("link: {}", normalize(&e.to_string())));
                continue;
            }
            ir = list.remove(0);
        }
        // The environment the shader is written for (see `spirv::required_target`).
        let env = spirv::required_target(&ir, requested);
        let key = format!("{source} [{}]", env.val_name());
        // `CORPUS_SPIRV_LIST=1`: one line per lowered shader with its environment.
        if std::env::var_os("CORPUS_SPIRV_LIST").is_some() {
            eprintln!("lowered {} [{}]", job.label, env.val_name());
        }
        let t = tallies.entry(key).or_default();
        t.accepted += 1;
        let sopts = SpirvOptions {
            target: env,
            ..SpirvOptions::default()
        };
        let words = match std::panic::catch_unwind(AssertUnwindSafe(|| spirv::emit(&ir, &sopts))) {
            Ok(Ok(w)) => w,
            Ok(Err(e)) => {
                let e = t
                    .errors
                    .entry(format!("emit: {}", normalize(&e.message)))
                    .or_insert((0, job.label.clone()));
                e.0 += 1;
                continue;
            }
            Err(_) => {
                let e = t
                    .errors
                    .entry("emit: PANIC".into())
                    .or_insert((0, job.label.clone()));
                e.0 += 1;
                continue;
            }
        };
        t.emitted += 1;
        match validate(&words, env, &layout_flags(&ir, &job.text)) {
            Ok(()) => t.valid += 1,
            Err(m) => {
                // `FRESNEL_SPV_DUMP=dir`: keep the modules spirv-val rejects.
                if let Some(dir) = std::env::var_os("FRESNEL_SPV_DUMP") {
                    let name = job.label.replace(['/', ':', ' ', '(', ')'], "_");
                    let path = Path::new(&dir).join(format!("{name}.spv"));
                    let _ = std::fs::write(path, spirv::to_bytes(&words));
                }
                let e = t
                    .errors
                    .entry(format!("val: {}", normalize(&m)))
                    .or_insert((0, job.label.clone()));
                e.0 += 1;
            }
        }
    }
    let (mut all_accepted, mut all_valid) = (0, 0);
    for (k, t) in &tallies {
        all_accepted += t.accepted;
        all_valid += t.valid;
        println!(
            "== {k}: {} accepted, {} emitted, {} pass spirv-val ({:.1}%)",
            t.accepted,
            t.emitted,
            t.valid,
            100.0 * t.valid as f64 / t.accepted.max(1) as f64,
        );
        let mut v: Vec<_> = t.errors.iter().collect();
        v.sort_by(|a, b| b.1 .0.cmp(&a.1 .0).then(a.0.cmp(b.0)));
        for (msg, (n, ex)) in v.iter().take(30) {
            println!("  {n:6}  {msg}    e.g. {ex}");
        }
    }
    println!(
        "== total: {all_accepted} accepted, {all_valid} pass spirv-val ({:.1}%)",
        100.0 * all_valid as f64 / all_accepted.max(1) as f64
    );
    all_accepted == all_valid
}
