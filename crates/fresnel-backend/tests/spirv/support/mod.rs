//! Shared by the SPIR-V tests: running the installed `spirv-val` (and the vendored newer one
//! `SPIRV_VAL_VENDORED` names, when set), compiling GLSL, reading modules.

use std::io::Write;
use std::process::{Command, Stdio};

use fresnel_backend::spirv;

/// Whether `spirv-val` is installed (tests that need it skip their validation otherwise).
pub fn have_spirv_val() -> bool {
    Command::new("spirv-val")
        .arg("--version")
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Runs spirv-val on a module for `env`; `Err(message)` when it rejects it (or cannot run).
pub fn validate(words: &[u32], env: spirv::TargetEnv) -> Result<(), String> {
    let mut child = Command::new("spirv-val")
        .args(["--target-env", env.val_name(), "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run spirv-val: {e}"))?;
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(&spirv::to_bytes(words))
        .map_err(|e| e.to_string())?;
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    if out.status.success() {
        Ok(())
    } else {
        let mut msg = String::from_utf8_lossy(&out.stderr).into_owned();
        msg.push_str(&String::from_utf8_lossy(&out.stdout));
        Err(msg)
    }
}

/// The instructions of a module: (opcode, operands).
#[allow(dead_code)] // Not every test file reads modules word by word.
pub fn instructions(words: &[u32]) -> Vec<(u16, Vec<u32>)> {
    let mut out = Vec::new();
    let mut i = 5;
    while i < words.len() {
        let count = (words[i] >> 16) as usize;
        assert!(count > 0 && i + count <= words.len(), "malformed module");
        out.push(((words[i] & 0xffff) as u16, words[i + 1..i + count].to_vec()));
        i += count;
    }
    out
}

/// GLSL of `stage` compiled for `target` (through `-O` when `optimize`) and written as
/// SPIR-V; an error (the rendered diagnostics, or the writer's message) when it is refused.
#[allow(dead_code)] // Not every test file compiles GLSL.
pub fn try_compile(
    stage: fresnel::Stage,
    target: fresnel::TargetEnv,
    src: &str,
    optimize: bool,
) -> Result<Vec<u32>, String> {
    let opts = fresnel::Options {
        stage: Some(stage),
        target,
        ..fresnel::Options::default()
    };
    let run = fresnel::lower_to_ir(
        fresnel::SourceInput::new("t", src),
        &opts,
        &mut fresnel::NoIncludes,
    );
    if run.has_errors() {
        return Err(run.render_diagnostics(fresnel::ErrorFormat::Human, false));
    }
    let mut ir = run.ir.expect("lowered");
    if optimize {
        fresnel_opt::optimize(
            &mut ir,
            fresnel_opt::OptLevel::O,
            fresnel_opt::TargetFacts::default(),
        )
        .expect("optimizes");
    }
    spirv::emit(
        &ir,
        &spirv::SpirvOptions {
            target: spv_env(target),
            debug_names: false,
        },
    )
    .map_err(|e| e.to_string())
}

/// The writer's environment for a compile target.
#[allow(dead_code)]
pub fn spv_env(target: fresnel::TargetEnv) -> spirv::TargetEnv {
    match target {
        fresnel::TargetEnv::Vulkan { minor } => spirv::TargetEnv::Vulkan { minor },
        _ => spirv::TargetEnv::OpenGl,
    }
}

/// GLSL of `stage` compiled for Vulkan 1.`minor` (through `-O` when `optimize`), written as
/// SPIR-V and checked by spirv-val when it is installed: the form tests' common front half.
#[allow(dead_code)] // Not every test file compiles GLSL.
pub fn compile_vulkan(stage: fresnel::Stage, src: &str, optimize: bool, minor: u8) -> Vec<u32> {
    let target = fresnel::TargetEnv::Vulkan { minor };
    let words = try_compile(stage, target, src, optimize).unwrap_or_else(|e| panic!("{e}"));
    if have_spirv_val() {
        validate(&words, spv_env(target)).unwrap_or_else(|e| panic!("spirv-val: {e}"));
    }
    words
}

/// Runs the vendored validator (`SPIRV_VAL_VENDORED`) on a module; `None` when it is not
/// configured.
#[allow(dead_code)] // Only the tests of newer extensions use it.
pub fn vendored_validate(words: &[u32], env: &str, flags: &[&str]) -> Option<Result<(), String>> {
    let program = std::env::var_os("SPIRV_VAL_VENDORED")?;
    let run = || -> Result<(), String> {
        let mut child = Command::new(&program)
            .args(["--target-env", env])
            .args(flags)
            .arg("-")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot run the vendored validator: {e}"))?;
        child
            .stdin
            .take()
            .ok_or("no stdin")?
            .write_all(&spirv::to_bytes(words))
            .map_err(|e| e.to_string())?;
        let out = child.wait_with_output().map_err(|e| e.to_string())?;
        if out.status.success() {
            Ok(())
        } else {
            let mut msg = String::from_utf8_lossy(&out.stderr).into_owned();
            msg.push_str(&String::from_utf8_lossy(&out.stdout));
            Err(msg)
        }
    };
    Some(run())
}

/// Checks a module with the vendored validator, or says that the check is skipped.
#[allow(dead_code)]
#[track_caller]
pub fn check_vendored(words: &[u32], env: &str, flags: &[&str]) {
    match vendored_validate(words, env, flags) {
        None => eprintln!("note: SPIRV_VAL_VENDORED is not set: vendored validation skipped"),
        Some(Ok(())) => {}
        Some(Err(e)) => panic!(
            "vendored spirv-val: {e}\n{}",
            spirv::disassemble(words).unwrap_or_default()
        ),
    }
}

/// Whether the module declares `OpExtension "name"`.
#[allow(dead_code)] // Only the tests of extensions use it.
pub fn has_extension(words: &[u32], name: &str) -> bool {
    instructions(words).iter().any(|(op, ops)| {
        *op == 10 && {
            let bytes: Vec<u8> = ops
                .iter()
                .flat_map(|w| w.to_le_bytes())
                .take_while(|b| *b != 0)
                .collect();
            bytes == name.as_bytes()
        }
    })
}

/// The capabilities the module declares (`OpCapability` operands), in order.
#[allow(dead_code)] // Only the tests of capability inference use it.
pub fn capabilities(words: &[u32]) -> Vec<u32> {
    instructions(words)
        .into_iter()
        .filter(|(op, _)| *op == 17)
        .map(|(_, ops)| ops[0])
        .collect()
}
