//! dEQP execution cases through SPIR-V on a real Vulkan driver (Mesa lavapipe): a CI-sized
//! subset of the shared corpus runs with `fresnel deqp --backend both`, which runs every
//! execution case in the interpreter and on the Vulkan device. Each trial (one `.test` file)
//! asserts that no case's outcome differs between the two and that at least the recorded
//! number of execution cases passes on Vulkan.
//!
//! Vulkan is required: without a loader or a driver the trials fail, unless
//! `FRESNEL_SKIP_VULKAN=1` is set (then each trial prints that it skipped, and is marked
//! ignored when the lavapipe ICD file is absent). The Debian packages
//! are `libvulkan1` (the loader) and `mesa-vulkan-drivers` (lavapipe). Lavapipe is selected
//! with `VK_ICD_FILENAMES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json` when that file exists
//! and the variable is not set.

use std::path::{Path, PathBuf};
use std::process::Command;

use libtest_mimic::{Arguments, Failed, Trial};

/// (file under the corpus, Vulkan passes at least): Vulkan-flavour cases (explicit
/// locations and blocks) and GL-flavour ones (linked by fresnel-link: default uniform
/// block, varying locations).
/// Prefixes of the corpus paths.
const VK: &str = "external/vulkancts/data/vulkan/glsl";
const GL: &str = "external/openglcts/data/gl_cts/data";

/// (file, Vulkan minor version to compile for, Vulkan passes at least).
const SUBSET: &[(&str, &str, u8, usize)] = &[
    (VK, "es310/arrays.test", 0, 106),
    (VK, "es310/linkage.test", 0, 69),
    (VK, "es310/constant_expressions.test", 0, 42),
    (VK, "440/linkage.test", 0, 68),
    ("data/gles2/shaders", "linkage.test", 0, 44),
    ("data/gles2/shaders", "constants.test", 0, 70),
    ("data/gles3/shaders", "linkage.test", 0, 85),
    ("data/gles3/shaders", "indexing.test", 0, 28),
    ("data/gles3/shaders", "qualification_order.test", 0, 15),
    (GL, "gl33/arrays.test", 0, 102),
    (GL, "gl44/preprocessor.test", 0, 10),
    // SPIR-V 1.6 (Vulkan 1.3).
    (VK, "es310/arrays.test", 3, 106),
    ("data/gles3/shaders", "indexing.test", 3, 28),
];

const LVP_ICD: &str = "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json";

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/vk-gl-cts")
}

fn skip_allowed() -> bool {
    std::env::var("FRESNEL_SKIP_VULKAN").is_ok_and(|v| v == "1")
}

/// Runs one file; `Ok(None)` when Vulkan is unavailable and skipping is allowed.
fn run(path: &Path, minor: u8, floor: usize) -> Result<Option<String>, String> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_fresnel"));
    cmd.args(["deqp", "--backend", "both", "--vulkan-minor"])
        .arg(minor.to_string())
        .arg(path);
    if std::env::var_os("VK_ICD_FILENAMES").is_none() && Path::new(LVP_ICD).exists() {
        cmd.env("VK_ICD_FILENAMES", LVP_ICD);
    }
    let out = cmd
        .output()
        .map_err(|e| format!("cannot run fresnel: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if stderr.contains("Vulkan is not available") {
        if skip_allowed() {
            return Ok(None);
        }
        return Err(format!(
            "{}\n(install libvulkan1 and mesa-vulkan-drivers, or set FRESNEL_SKIP_VULKAN=1)",
            stderr.trim()
        ));
    }
    let summary = stdout
        .lines()
        .find(|l| l.starts_with("vulkan: "))
        .ok_or_else(|| {
            format!("no `vulkan:` summary line\nstdout:\n{stdout}\nstderr:\n{stderr}")
        })?;
    let nums: Vec<usize> = summary
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|s| s.parse().ok())
        .collect();
    let [passed, failed, _skipped, differences] = nums[..] else {
        return Err(format!("unexpected summary `{summary}`"));
    };
    let diffs: Vec<&str> = stdout
        .lines()
        .filter(|l| l.contains(": differs: "))
        .collect();
    if differences != 0 || !diffs.is_empty() {
        return Err(format!(
            "{differences} cases differ between the interpreter and Vulkan:\n{}",
            diffs.join("\n")
        ));
    }
    if passed < floor {
        return Err(format!(
            "{passed} execution cases pass on Vulkan ({failed} fail), expected at least {floor}"
        ));
    }
    if passed == 0 {
        return Err(format!("no execution case passed on Vulkan: `{summary}`"));
    }
    Ok(Some(summary.to_string()))
}

fn main() {
    let args = Arguments::from_args();
    let dir = corpus_dir();
    let trials = SUBSET
        .iter()
        .map(|&(prefix, file, minor, floor)| {
            let path = dir.join(prefix).join(file);
            let name = format!("{prefix}/{file} (vulkan 1.{minor})");
            let mut t = Trial::test(name.clone(), move || {
                if !path.is_file() {
                    return Err(Failed::from(format!("missing {}", path.display())));
                }
                match run(&path, minor, floor) {
                    Ok(Some(_)) => Ok(()),
                    Ok(None) => {
                        eprintln!("{name}: Vulkan unavailable, skipped (FRESNEL_SKIP_VULKAN=1)");
                        Ok(())
                    }
                    Err(e) => Err(Failed::from(e)),
                }
            });
            if skip_allowed() && !Path::new(LVP_ICD).exists() {
                t = t.with_ignored_flag(true);
            }
            t
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
