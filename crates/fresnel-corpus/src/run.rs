//! Compiling one shader with Fresnel: the settings a harness implies, includes, the preludes
//! some harnesses add, and what came out.

use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};

use fresnel::{
    ErrorFormat, IncludeKind, IncludeResolver, NoIncludes, Options, Profile, SourceInput, Stage,
    TargetEnv, Version,
};

/// How `#include` is resolved.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Includes {
    /// No includer (glslang's gtests, the dEQP runners).
    None,
    /// Next to the including file, then in this directory (glslangValidator's includer).
    Dir(PathBuf),
    /// piglit's `dummy_shader_include`: the named string `/dummy/path_to/shader_include`
    /// exists (empty); nothing else does.
    Empty,
}

/// Everything but the text that decides how a shader is compiled.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Settings {
    pub stage: Option<Stage>,
    pub target: TargetEnv,
    /// The version when the shader has no `#version`.
    pub default_version: Option<Version>,
    /// Compile as this version whatever `#version` says.
    pub version_override: Option<Version>,
    pub includes: Includes,
    /// Run the preprocessor only (glslang's preprocessing tests).
    pub preprocess_only: bool,
    /// The SPIR-V version the harness targets (`1.minor`), for peers that generate it.
    pub spirv_minor: Option<u8>,
    /// The harness maps missing locations and bindings automatically (glslang's gtests).
    pub auto_map: bool,
    /// glslang's relaxed Vulkan rules (its `VulkanRelaxedTest` suite, `-R`).
    pub relaxed_vulkan: bool,
    /// The harness links the shader as a program of its own (piglit `check_link: true`,
    /// glslang's link-error-only results): once it compiles, it is lowered and the library
    /// linker's program checks (`fresnel_link::validate_program`) run on it.
    pub link: bool,
}

impl Settings {
    pub fn new(stage: Option<Stage>) -> Settings {
        Settings {
            stage,
            target: TargetEnv::OpenGl,
            default_version: None,
            version_override: None,
            includes: Includes::None,
            preprocess_only: false,
            spirv_minor: None,
            auto_map: false,
            relaxed_vulkan: false,
            link: false,
        }
    }

    /// The library options.
    pub fn options(&self) -> Options {
        Options {
            stage: self.stage,
            target: self.target,
            default_version: self.default_version,
            version_override: self.version_override,
            preprocess_only: self.preprocess_only,
            relaxed_vulkan: self.relaxed_vulkan && self.target.is_vulkan(),
            ..Options::default()
        }
    }
}

/// What a compiler made of a shader.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Outcome {
    pub accepted: bool,
    /// `line:column: message` of the first error, when rejected.
    pub first_error: Option<String>,
    /// The compiler panicked, crashed or hung (counted apart from rejections).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub crashed: bool,
}

impl Outcome {
    pub fn accepted() -> Outcome {
        Outcome {
            accepted: true,
            first_error: None,
            crashed: false,
        }
    }

    pub fn rejected(msg: impl Into<String>) -> Outcome {
        Outcome {
            accepted: false,
            first_error: Some(msg.into()),
            crashed: false,
        }
    }

    pub fn crashed(msg: impl Into<String>) -> Outcome {
        Outcome {
            accepted: false,
            first_error: Some(msg.into()),
            crashed: true,
        }
    }
}

/// Resolves includes next to the including file, then in a directory.
struct DirIncludes {
    dir: PathBuf,
}

impl IncludeResolver for DirIncludes {
    fn resolve(
        &mut self,
        name: &str,
        _kind: IncludeKind,
        from: &str,
    ) -> Result<(String, String), String> {
        let base = Path::new(from)
            .parent()
            .map_or_else(|| self.dir.clone(), Path::to_path_buf);
        // Shaders written on Windows separate directories with `\`.
        let name = name.replace('\\', "/");
        for dir in [base, self.dir.clone()] {
            let p = dir.join(&name);
            if let Ok(bytes) = std::fs::read(&p) {
                let text = String::from_utf8_lossy(&bytes).into_owned();
                return Ok((p.to_string_lossy().into_owned(), text));
            }
        }
        Err(format!("{name} not found"))
    }
}

/// piglit's dummy include: the one named string its glslparsertest registers.
struct EmptyIncludes;

/// The path piglit registers with `glNamedStringARB` for `dummy_shader_include`.
const PIGLIT_DUMMY_INCLUDE: &str = "/dummy/path_to/shader_include";

impl IncludeResolver for EmptyIncludes {
    fn resolve(
        &mut self,
        name: &str,
        _kind: IncludeKind,
        _from: &str,
    ) -> Result<(String, String), String> {
        if name == PIGLIT_DUMMY_INCLUDE {
            Ok((name.to_string(), String::new()))
        } else {
            Err(format!(
                "no named string `{name}` (only `{PIGLIT_DUMMY_INCLUDE}` exists)"
            ))
        }
    }
}

#[derive(serde::Deserialize)]
struct JsonDiag {
    line: Option<u64>,
    column: Option<u64>,
    severity: String,
    #[serde(default)]
    code: String,
    message: String,
}

/// The first error of a run (not the lowering's), as `line:column: message`.
fn first_error(run: &fresnel::FrontendRun) -> String {
    let json = run.render_diagnostics(ErrorFormat::Json, false);
    for l in json.lines() {
        if let Ok(d) = serde_json::from_str::<JsonDiag>(l) {
            if d.severity == "error" && d.code != "E-lower" {
                return match (d.line, d.column) {
                    (Some(l), Some(c)) => format!("{l}:{c}: {}", d.message),
                    _ => d.message,
                };
            }
        }
    }
    "error".to_string()
}

/// Compiles one shader with `fresnel::check` (or `fresnel::preprocess`), on a thread of its
/// own named after the shader: a panic is caught and reported as a rejection, and should the
/// compiler overflow its stack (which aborts the process) the abort message names the shader.
pub fn check(name: &str, text: &str, settings: &Settings) -> Outcome {
    let thread_name: String = name
        .chars()
        .rev()
        .take(120)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let spawned = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name(thread_name)
            .stack_size(STACK_SIZE)
            .spawn_scoped(scope, || check_here(name, text, settings))
            .map(|h| h.join())
    });
    match spawned {
        Ok(Ok(o)) => o,
        Ok(Err(_)) => Outcome::crashed("compiler panicked"),
        // No thread could be made: compile here.
        Err(_) => check_here(name, text, settings),
    }
}

/// Stack of the threads that compile (the front end recurses up to its nesting limits; debug
/// builds use large frames).
pub const STACK_SIZE: usize = 256 << 20;

/// Compiles on the current thread.
pub fn check_here(name: &str, text: &str, settings: &Settings) -> Outcome {
    let opts = settings.options();
    let result = std::panic::catch_unwind(AssertUnwindSafe(|| {
        let src = SourceInput::new(name, text);
        let link = settings.link && !settings.preprocess_only;
        let compile = if link {
            fresnel::lower_to_ir
        } else {
            fresnel::check
        };
        let run = match (&settings.includes, settings.preprocess_only) {
            (_, true) => fresnel::preprocess(src, &opts, &mut NoIncludes),
            (Includes::None, false) => compile(src, &opts, &mut NoIncludes),
            (Includes::Empty, false) => compile(src, &opts, &mut EmptyIncludes),
            (Includes::Dir(d), false) => compile(src, &opts, &mut DirIncludes { dir: d.clone() }),
        };
        // A construct the lowering cannot handle says nothing of the shader: only the
        // checker's errors reject it (and without IR there is nothing to link).
        let rejected = run
            .diagnostics
            .iter()
            .any(|d| d.severity == fresnel::Severity::Error && d.code != "E-lower");
        if rejected {
            return Outcome::rejected(first_error(&run));
        }
        if let (true, Some(ir), Some(facts)) =
            (link, &run.ir, fresnel::shader_facts(&run, opts.target))
        {
            if let Err(e) = fresnel::link::validate_program(&[ir], &[facts]) {
                return Outcome::rejected(format!("link: {e}"));
            }
        }
        Outcome::accepted()
    }));
    match result {
        Ok(o) => o,
        Err(e) => {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            Outcome::crashed(format!("compiler panicked: {msg}"))
        }
    }
}

/// A Fresnel stage from a container format's stage.
pub fn stage_of(s: fresnel_testfmt::Stage) -> Stage {
    Stage::from_extension(s.extension()).unwrap_or(Stage::Vertex)
}

/// A Fresnel version from a piglit version (`1.50 compatibility`, `3.00 es`, ...).
pub fn piglit_version(v: &fresnel_testfmt::piglit::GlslVersion) -> Version {
    let profile = if v.es {
        Profile::Es
    } else if v.compatibility {
        Profile::Compatibility
    } else if v.core {
        Profile::Core
    } else {
        Profile::None
    };
    Version::new(v.number, profile)
}

/// The ES vertex-input prelude glsl-optimizer's harness inserts after `#version` (see
/// corpus/README.md): the desktop built-in attributes become declared ones.
pub fn glsl_optimizer_prelude(es3: bool) -> String {
    let q = if es3 { "in" } else { "attribute" };
    [
        ("gl_Vertex", "_glesVertex", "highp vec4"),
        ("gl_Normal", "_glesNormal", "mediump vec3"),
        ("gl_MultiTexCoord0", "_glesMultiTexCoord0", "highp vec4"),
        ("gl_MultiTexCoord1", "_glesMultiTexCoord1", "highp vec4"),
        ("gl_Color", "_glesColor", "lowp vec4"),
    ]
    .iter()
    .map(|(b, n, t)| format!("#define {b} {n}\n{q} {t} {n};\n"))
    .collect()
}

/// Inserts a prelude after the leading `#version` and `#extension` lines. (glsl-optimizer's
/// harness inserts it after `#version`; its Mesa-based compiler then accepts an `#extension`
/// that follows the inserted declarations, which GLSL ES forbids. Putting the declarations
/// after the directives keeps the test's meaning.)
pub fn insert_after_version(text: &str, prelude: &str) -> String {
    let mut out = String::with_capacity(text.len() + prelude.len());
    let mut inserted = false;
    for line in text.split_inclusive('\n') {
        let t = line.trim_start();
        let leading_directive =
            t.starts_with("#version") || t.starts_with("#extension") || t.trim().is_empty();
        if !inserted && !leading_directive {
            out.push_str(prelude);
            inserted = true;
        }
        out.push_str(line);
    }
    if !inserted {
        out.push_str(prelude);
    }
    out
}

/// The text and settings glsl-optimizer's harness compiles for one of its test files.
pub fn glsl_optimizer_input(path: &str, stage: Option<Stage>, text: String) -> (String, Settings) {
    let mut settings = Settings::new(stage);
    let name = path.rsplit('/').next().unwrap_or("");
    let es3 = name.contains("inES3") || name.contains("outES3");
    let es = es3 || name.contains("inES") || name.contains("outES");
    if es && !es3 {
        settings.default_version = Some(Version::es(100));
    }
    if es {
        settings.target = TargetEnv::OpenGlEs;
    }
    // MassageVertexForGLES: ES vertex inputs get the attribute prelude unless they declare
    // `_glesVertex` themselves.
    let text = if es
        && stage == Some(Stage::Vertex)
        && name.contains("-in")
        && !text.contains("_glesVertex")
    {
        insert_after_version(&text, &glsl_optimizer_prelude(es3))
    } else {
        text
    };
    (text, settings)
}

/// A `--glsl-version N` the test documents in its own leading comment (glslang's
/// `glsl.versionOverride.*` tests show the command they are run with).
pub fn documented_version_override(text: &str) -> Option<Version> {
    let head: String = text.chars().take(2000).collect();
    let at = head.find("--glsl-version")?;
    let rest = head[at + "--glsl-version".len()..].trim_start();
    let num: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    let n: u16 = num.parse().ok()?;
    let after = rest[num.len()..].trim_start();
    Some(if after.starts_with("es") || n == 100 {
        Version::es(n)
    } else {
        Version::desktop(n)
    })
}

/// A 64-bit FNV-1a hash (cache keys; stable across runs and platforms).
pub fn fnv1a(parts: &[&[u8]]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for p in parts {
        for &b in *p {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        // Separate the parts.
        h ^= 0xff;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_reports_the_first_error() {
        let s = Settings::new(Some(Stage::Fragment));
        let ok = check("a.frag", "#version 450\nvoid main() {}\n", &s);
        assert!(ok.accepted);
        let bad = check("b.frag", "#version 450\nvoid main() { x = ; }\n", &s);
        assert!(!bad.accepted);
        let e = bad.first_error.unwrap();
        assert!(e.starts_with("2:"), "{e}");
    }

    #[test]
    fn preludes() {
        let t = insert_after_version(
            "#version 300 es\n#extension GL_X : enable\nvoid main(){}\n",
            "P\n",
        );
        assert_eq!(
            t,
            "#version 300 es\n#extension GL_X : enable\nP\nvoid main(){}\n"
        );
        let (text, s) = glsl_optimizer_input(
            "glsl-optimizer/tests/vertex/x-inES.txt",
            Some(Stage::Vertex),
            "void main() { gl_Position = gl_Vertex; }\n".into(),
        );
        assert!(
            text.starts_with("#define gl_Vertex _glesVertex\nattribute highp vec4 _glesVertex;")
        );
        assert_eq!(s.default_version, Some(Version::es(100)));
        assert_eq!(
            documented_version_override("// glslangValidator --glsl-version 420 -V x"),
            Some(Version::desktop(420))
        );
        assert_ne!(fnv1a(&[b"a", b"b"]), fnv1a(&[b"ab"]));
    }
}
