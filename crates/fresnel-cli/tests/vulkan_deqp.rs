//! dEQP execution cases through SPIR-V on a real Vulkan driver (Mesa lavapipe): a CI-sized
//! subset of the shared corpus runs with `fresnel deqp --backend both`, which runs every
//! execution case in the interpreter and on the Vulkan device. Each trial (one `.test` file)
//! asserts that no case's outcome differs between the two and that at least the recorded
//! number of execution cases passes on Vulkan. One more trial per Vulkan version draws
//! cases of this file ([`PRIMITIVE_STAGES`]) through tessellation and geometry shaders,
//! unoptimized and with `-O`, and asserts their exact outcomes.
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

/// The Vulkan side's execution-case counts of a run.
struct Summary {
    passed: usize,
    failed: usize,
}

/// Runs one file; `Ok(None)` when Vulkan is unavailable and skipping is allowed.
fn run(path: &Path, minor: u8, floor: usize) -> Result<Option<String>, String> {
    run_with(path, minor, &[], floor).map(|r| r.map(|(s, _)| s))
}

/// [`run`] with extra `fresnel deqp` arguments; also returns the counts.
fn run_with(
    path: &Path,
    minor: u8,
    extra: &[&str],
    floor: usize,
) -> Result<Option<(String, Summary)>, String> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_fresnel"));
    cmd.args(["deqp", "--backend", "both", "--vulkan-minor"])
        .arg(minor.to_string())
        .args(extra)
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
    Ok(Some((summary.to_string(), Summary { passed, failed })))
}

/// Cases through tessellation and geometry shaders (GLSL ES 3.10 with the EXT extensions):
/// default-block uniforms read only in the control, evaluation and geometry stages (one
/// block shared by every stage after linking), per-vertex and per-patch varyings without
/// locations, the quads domain, geometry shader invocations with a flat integer, and a case
/// whose expected value is wrong (it must fail on both back ends).
const PRIMITIVE_STAGES: &str = r#"
group prim "tessellation and geometry shaders on the Vulkan device"
    case uniforms_in_every_stage
        version 310 es
        require extension { "GL_EXT_tessellation_shader" } in { tessellation_control, tessellation_evaluation }
        require extension { "GL_EXT_geometry_shader" } in { geometry }
        values
        {
            input float in0 = [ 1.0 | 2.0 ];
            uniform float u_tc = 2.0;
            uniform float u_te = 3.0;
            uniform float u_gs = 0.5;
            output float out0 = [ 2.5 | 3.5 ];
        }
        vertex ""
            #version 310 es
            ${VERTEX_DECLARATIONS}
            out highp float tc_in;
            void main()
            {
                tc_in = in0;
                ${VERTEX_OUTPUT}
            }
        ""
        tessellation_control ""
            #version 310 es
            ${TESSELLATION_CONTROL_DECLARATIONS}
            in highp float tc_in[];
            out highp float te_in[];
            patch out highp float pv;
            void main()
            {
                te_in[gl_InvocationID] = tc_in[gl_InvocationID] * u_tc;
                pv = 1.0;
                ${TESSELLATION_CONTROL_OUTPUT}
            }
        ""
        tessellation_evaluation ""
            #version 310 es
            ${TESSELLATION_EVALUATION_DECLARATIONS}
            in highp float te_in[];
            patch in highp float pv;
            out highp float geo_in;
            void main()
            {
                geo_in = te_in[1] * pv + u_te;
                ${TESSELLATION_EVALUATION_OUTPUT}
            }
        ""
        geometry ""
            #version 310 es
            ${GEOMETRY_DECLARATIONS}
            in highp float geo_in[];
            out highp float v;
            void main()
            {
                for (int i = 0; i < gl_in.length(); ++i)
                {
                    v = geo_in[i] * u_gs;
                    gl_Position = gl_in[i].gl_Position;
                    EmitVertex();
                }
            }
        ""
        fragment ""
            #version 310 es
            precision highp float;
            ${FRAGMENT_DECLARATIONS}
            in highp float v;
            void main()
            {
                out0 = v;
                ${FRAGMENT_OUTPUT}
            }
        ""
    end

    case tessellation_quads
        version 310 es
        require extension { "GL_EXT_tessellation_shader" } in { tessellation_control, tessellation_evaluation }
        values
        {
            input vec2 in0 = [ vec2(1.0, -2.0) | vec2(0.5, 4.0) ];
            output vec2 out0 = [ vec2(1.0, -2.0) | vec2(0.5, 4.0) ];
        }
        vertex ""
            #version 310 es
            ${VERTEX_DECLARATIONS}
            out mediump vec2 tc_in;
            void main()
            {
                tc_in = in0;
                ${VERTEX_OUTPUT}
            }
        ""
        tessellation_control ""
            #version 310 es
            ${TESSELLATION_CONTROL_DECLARATIONS}
            in mediump vec2 tc_in[];
            out mediump vec2 te_in[];
            void main()
            {
                te_in[gl_InvocationID] = tc_in[gl_InvocationID];
                ${TESSELLATION_CONTROL_OUTPUT}
            }
        ""
        tessellation_evaluation ""
            #version 310 es
            layout (quads) in;
            in mediump vec2 te_in[];
            out mediump vec2 v;
            void main()
            {
                gl_Position = vec4(gl_TessCoord.xy * 2.0 - 1.0, 0.0, 1.0);
                v = te_in[2];
            }
        ""
        fragment ""
            #version 310 es
            precision mediump float;
            ${FRAGMENT_DECLARATIONS}
            in mediump vec2 v;
            void main()
            {
                out0 = v;
                ${FRAGMENT_OUTPUT}
            }
        ""
    end

    case geometry_invocations_flat
        version 310 es
        require extension { "GL_EXT_geometry_shader" } in { geometry }
        values
        {
            uniform int u_base = 10;
            output int out0 = 11;
        }
        vertex ""
            #version 310 es
            ${VERTEX_DECLARATIONS}
            void main()
            {
                ${VERTEX_OUTPUT}
            }
        ""
        geometry ""
            #version 310 es
            layout (triangles, invocations = 2) in;
            layout (triangle_strip, max_vertices = 3) out;
            uniform highp int u_base;
            flat out highp int g;
            void main()
            {
                for (int i = 0; i < 3; ++i)
                {
                    g = u_base + gl_InvocationID;
                    gl_Position = gl_in[i].gl_Position;
                    EmitVertex();
                }
            }
        ""
        fragment ""
            #version 310 es
            precision mediump float;
            ${FRAGMENT_DECLARATIONS}
            flat in highp int g;
            void main()
            {
                out0 = g;
                ${FRAGMENT_OUTPUT}
            }
        ""
    end

    case tessellation_wrong_value
        version 310 es
        require extension { "GL_EXT_tessellation_shader" } in { tessellation_control, tessellation_evaluation }
        values
        {
            input float in0 = 1.0;
            output float out0 = 3.0;
        }
        vertex ""
            #version 310 es
            ${VERTEX_DECLARATIONS}
            out mediump float tc_in;
            void main()
            {
                tc_in = in0;
                ${VERTEX_OUTPUT}
            }
        ""
        tessellation_control ""
            #version 310 es
            ${TESSELLATION_CONTROL_DECLARATIONS}
            in mediump float tc_in[];
            out mediump float te_in[];
            void main()
            {
                te_in[gl_InvocationID] = tc_in[gl_InvocationID] + 1.0;
                ${TESSELLATION_CONTROL_OUTPUT}
            }
        ""
        tessellation_evaluation ""
            #version 310 es
            ${TESSELLATION_EVALUATION_DECLARATIONS}
            in mediump float te_in[];
            out mediump float v;
            void main()
            {
                v = te_in[0];
                ${TESSELLATION_EVALUATION_OUTPUT}
            }
        ""
        fragment ""
            #version 310 es
            precision mediump float;
            ${FRAGMENT_DECLARATIONS}
            in mediump float v;
            void main()
            {
                out0 = v;
                ${FRAGMENT_OUTPUT}
            }
        ""
    end
end
"#;

/// Runs [`PRIMITIVE_STAGES`] for Vulkan 1.`minor`, unoptimized and with `-O`: three cases
/// pass and the wrong one fails, on the driver as in the interpreter.
fn primitive_stages(minor: u8) -> Result<Option<()>, String> {
    let dir = std::env::temp_dir().join(format!("fresnel-vk-prim-{}-{minor}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let path = dir.join("primitive_stages.test");
    std::fs::write(&path, PRIMITIVE_STAGES).map_err(|e| format!("{}: {e}", path.display()))?;
    for extra in [&[][..], &["-O"][..]] {
        let Some((summary, s)) = run_with(&path, minor, extra, 3)? else {
            return Ok(None);
        };
        if (s.passed, s.failed) != (3, 1) {
            return Err(format!(
                "{extra:?}: expected 3 passed and 1 failed on Vulkan, got `{summary}`"
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(Some(()))
}

fn main() {
    let args = Arguments::from_args();
    let dir = corpus_dir();
    let corpus_present = dir.is_dir();
    let mut trials: Vec<Trial> = SUBSET
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
            // Without the shared corpus beside the checkout the subset is skipped, as every
            // corpus test is (README); with it, a missing file fails.
            if (skip_allowed() && !Path::new(LVP_ICD).exists()) || !corpus_present {
                t = t.with_ignored_flag(true);
            }
            t
        })
        .collect();
    for minor in [0u8, 3] {
        let name = format!("tessellation and geometry cases (vulkan 1.{minor})");
        let mut t = Trial::test(name.clone(), move || match primitive_stages(minor) {
            Ok(Some(())) => Ok(()),
            Ok(None) => {
                eprintln!("{name}: Vulkan unavailable, skipped (FRESNEL_SKIP_VULKAN=1)");
                Ok(())
            }
            Err(e) => Err(Failed::from(e)),
        });
        if skip_allowed() && !Path::new(LVP_ICD).exists() {
            t = t.with_ignored_flag(true);
        }
        trials.push(t);
    }
    libtest_mimic::run(&args, trials).exit();
}
