//! The command-line contract: exit codes, diagnostic formats, options.

use std::path::Path;
use std::process::{Command, Output};

fn fresnel(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fresnel"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("run fresnel")
}

mod support;

/// A scratch directory for one test (removed when the test ends).
fn scratch(name: &str) -> support::Scratch {
    support::scratch("cli", name)
}

fn write(dir: &Path, name: &str, text: &[u8]) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write");
    p.to_string_lossy().into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn valid_shader_compiles_to_ast_with_exit_0() {
    let d = scratch("ok");
    let f = write(
        &d,
        "a.frag",
        b"#version 450\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n",
    );
    let o = fresnel(&["compile", &f, "--emit", "ast"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("FunctionDefinition main -> void"));
    let o = fresnel(&["check", &f]);
    assert_eq!(o.status.code(), Some(0));
    assert!(
        o.stdout.is_empty() && o.stderr.is_empty(),
        "check prints nothing for a valid shader"
    );
}

#[test]
fn errors_exit_1_with_located_diagnostics() {
    let d = scratch("err");
    let f = write(
        &d,
        "b.vert",
        b"#version 450\nvoid main() {\n  float x = 1.0 +;\n}\n",
    );
    let o = fresnel(&["check", &f]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    let first = e.lines().next().unwrap_or_default();
    assert_eq!(
        first,
        format!("{f}:3:18: error: expected an expression, found `;`")
    );
    assert!(e.contains("3 |   float x = 1.0 +;"), "{e}");
    assert!(e.contains("^"), "{e}");
}

#[test]
fn json_diagnostics_have_the_contract_fields() {
    let d = scratch("json");
    let f = write(&d, "c.frag", b"void main() {\n  int goto = 1;\n}\n");
    let o = fresnel(&["check", &f, "--error-format", "json"]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    let line = e.lines().next().expect("one diagnostic");
    let v: serde_json::Value = serde_json::from_str(line).expect("JSON");
    assert_eq!(v["file"], f.as_str());
    assert_eq!(v["line"], 2);
    assert_eq!(v["column"], 7);
    assert_eq!(v["end_line"], 2);
    assert_eq!(v["end_column"], 11);
    assert_eq!(v["severity"], "error");
    assert_eq!(v["code"], "reserved-word");
    assert!(v["message"].as_str().unwrap_or("").contains("goto"));
}

#[test]
fn usage_and_io_errors_exit_2() {
    assert_eq!(
        fresnel(&["check", "/nonexistent/x.frag"]).status.code(),
        Some(2)
    );
    assert_eq!(fresnel(&["frobnicate"]).status.code(), Some(2));
    assert_eq!(fresnel(&["check"]).status.code(), Some(2));
    let d = scratch("usage");
    let f = write(&d, "a.frag", b"void main(){}\n");
    assert_eq!(
        fresnel(&["check", &f, "-S", "bogus"]).status.code(),
        Some(2)
    );
    assert_eq!(
        fresnel(&["check", &f, "--target-env", "dx12"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(fresnel(&["check", &f, "-D", "1abc"]).status.code(), Some(2));
    let o = fresnel(&["compile", &f, "--emit", "vec4"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not available yet"));
    assert_eq!(
        fresnel(&["compile", &f, "-O0", "-Os"]).status.code(),
        Some(2)
    );
}

#[test]
fn defines_undefines_and_includes() {
    let d = scratch("defs");
    std::fs::create_dir_all(d.join("inc")).expect("dir");
    write(&d.join("inc"), "common.glsl", b"#define SCALE 2.0\n");
    let f = write(
        &d,
        "m.frag",
        b"#version 450\n#extension GL_GOOGLE_include_directive : require\n#include <common.glsl>\n#ifndef FOO\n#error FOO missing\n#endif\n#ifdef BAR\n#error BAR present\n#endif\nfloat v = FOO * SCALE;\n",
    );
    let inc = d.join("inc").to_string_lossy().into_owned();
    let o = fresnel(&["preprocess", &f, "-DFOO=3.0", "-DBAR", "-UBAR", "-I", &inc]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("float v = 3.0 * 2.0;"), "{out}");
    let o = fresnel(&["preprocess", &f, "-I", &inc]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("#error FOO missing"));
    // Quoted includes are found next to the including file.
    let g = write(&d, "q.frag", b"#extension GL_GOOGLE_include_directive : enable\n#include \"inc/common.glsl\"\nfloat w = SCALE;\n");
    let o = fresnel(&["preprocess", &g]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("float w = 2.0;"));
}

/// `preprocess` passes `#extension` on: requiring an unsupported extension is a warning there
/// (nothing is compiled), and an error for `check`.
#[test]
fn preprocessing_only_warns_about_a_required_unknown_extension() {
    let d = scratch("ext");
    let f = write(
        &d,
        "e.vert",
        b"#version 310 es\n#extension unknown_extension : require\nvoid main() {}\n",
    );
    let o = fresnel(&["preprocess", &f]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("warning: extension `unknown_extension` is not supported"));
    assert!(stdout(&o).contains("#extension unknown_extension : require"));
    let o = fresnel(&["check", &f]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("error: extension `unknown_extension` is not supported"));
}

#[test]
fn any_bytes_get_diagnostics_not_crashes() {
    let d = scratch("bytes");
    let inputs: Vec<Vec<u8>> = vec![
        vec![0xff, 0xfe, 0x00, 0x01, b'{', b'(', 0x80],
        b"void main() { \0 }".to_vec(),
        vec![b'('; 200_000],
        b"#define A A A A A A A A\n#define B A B A B A B\nB B B B".to_vec(),
        "é ü € \u{2028} \u{feff}".as_bytes().to_vec(),
    ];
    for (i, bytes) in inputs.iter().enumerate() {
        let f = write(&d, &format!("in{i}.frag"), bytes);
        let o = fresnel(&["check", &f]);
        assert!(
            matches!(o.status.code(), Some(0) | Some(1)),
            "input {i}: {:?}\n{}",
            o.status,
            stderr(&o)
        );
    }
}

#[test]
fn output_is_deterministic() {
    let d = scratch("det");
    let f = write(
        &d,
        "d.vert",
        b"#version 450\n#define F(x) (x * 2)\nlayout(location = 0) in vec4 p;\nvoid main() { gl_Position = F(p) + vec4(F(1.0)); }\n",
    );
    let a = fresnel(&["compile", &f, "--emit", "ast"]);
    let b = fresnel(&["compile", &f, "--emit", "ast"]);
    assert_eq!(a.stdout, b.stdout);
    let a = fresnel(&["preprocess", &f]);
    let b = fresnel(&["preprocess", &f]);
    assert_eq!(a.stdout, b.stdout);
}

#[test]
fn output_file_option() {
    let d = scratch("out");
    let f = write(&d, "o.frag", b"void main() {}\n");
    let out = d.join("tree.txt").to_string_lossy().into_owned();
    let o = fresnel(&["compile", &f, "--emit", "ast", "-o", &out]);
    assert_eq!(o.status.code(), Some(0));
    let text = std::fs::read_to_string(&out).expect("written");
    assert!(text.contains("FunctionDefinition main"));
}

/// An existing output file is replaced exactly: a longer old file loses its tail, a shorter
/// one grows, for text and SPIR-V output alike (the writer overwrites and then cuts the file
/// rather than truncating it first).
#[test]
fn output_file_replaces_longer_and_shorter_files() {
    let d = scratch("rewrite");
    let f = write(
        &d,
        "r.frag",
        b"#version 450\nlayout(location = 0) out vec4 c;\nvoid main() { c = vec4(1.0); }\n",
    );
    for emit in ["spirv", "spirv-asm", "ast"] {
        let fresh = d
            .join(format!("fresh.{emit}"))
            .to_string_lossy()
            .into_owned();
        let o = fresnel(&["compile", &f, "--emit", emit, "-o", &fresh]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let want = std::fs::read(&fresh).expect("written");
        for old_len in [0, 1, want.len() - 1, want.len() + 1, 3 * want.len() + 7] {
            let out = d.join(format!("old-{old_len}.{emit}"));
            std::fs::write(&out, vec![0xa5u8; old_len]).expect("seed");
            let o = fresnel(&["compile", &f, "--emit", emit, "-o", &out.to_string_lossy()]);
            assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
            assert_eq!(
                std::fs::read(&out).expect("rewritten"),
                want,
                "{emit}, old file of {old_len} bytes"
            );
        }
    }
}

#[test]
fn werror_and_no_warnings() {
    let d = scratch("warn");
    let f = write(
        &d,
        "w.frag",
        b"#version 450\n#extension GL_FOO_bar : enable\nvoid main(){}\n",
    );
    let o = fresnel(&["check", &f]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stderr(&o).contains("warning:"));
    assert_eq!(fresnel(&["check", &f, "-Werror"]).status.code(), Some(1));
    let o = fresnel(&["check", &f, "-w"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(o.stderr.is_empty());
}

#[test]
fn emit_ir_prints_ssa_text_that_parses_back_and_validates() {
    let d = scratch("ir");
    let f = write(
        &d,
        "a.frag",
        b"#version 310 es\nprecision highp float;\nuniform vec4 c;\nin vec2 uv;\nout vec4 o;\n\
void main() {\n  vec4 a = vec4(0.0);\n  for (int i = 0; i < 4; i++) { if (uv.x > float(i)) break; a += c * float(i); }\n  o = a;\n}\n",
    );
    let o = fresnel(&["compile", &f, "--emit", "ir"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.starts_with("shader fragment"), "{text}");
    // The loop counter and the accumulator are SSA values joined by phis at the loop header.
    assert_eq!(text.matches(" = phi ").count(), 2, "{text}");
    assert!(
        !text.contains("(function "),
        "no local stays in memory: {text}"
    );
    let parsed = fresnel_ir::parse(&text).expect("the printed IR parses");
    fresnel_ir::validate(&parsed).expect("the parsed IR validates");
    assert_eq!(parsed.to_string(), text, "the text form round-trips");
    // Deterministic: the same input gives the same bytes.
    assert_eq!(stdout(&fresnel(&["compile", &f, "--emit", "ir"])), text);
}

fn spirv_val(path: &Path, env: &str) -> Result<(), String> {
    let o = Command::new("spirv-val")
        .args(["--target-env", env])
        .arg(path)
        .output()
        .expect("spirv-val is installed (Debian package spirv-tools)");
    if o.status.success() {
        Ok(())
    } else {
        Err(format!("{}{}", stderr(&o), stdout(&o)))
    }
}

const GL_VS: &[u8] = b"#version 300 es\nin vec4 pos;\nin vec3 col;\nuniform float k;\nuniform mat3 m;\nout vec3 vc;\nvoid main() { vc = m * col * k; gl_Position = pos; }\n";
const GL_FS: &[u8] = b"#version 300 es\nprecision mediump float;\nin vec3 vc;\nuniform float k;\nuniform sampler2D t;\nout vec4 o;\nvoid main() { o = vec4(vc * k, 1.0) + texture(t, vc.xy); }\n";

#[test]
fn relaxed_mode_compiles_gl_style_uniforms_for_vulkan() {
    let d = scratch("relaxed");
    let vs = write(&d, "a.vert", GL_VS);
    let out = d.join("a.spv").to_string_lossy().into_owned();
    // Without --relaxed: a clear error, exit 1.
    let o = fresnel(&[
        "compile",
        &vs,
        "--emit",
        "spirv",
        "--target-env",
        "vulkan1.0",
        "-o",
        &out,
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("outside a block"), "{}", stderr(&o));
    let o = fresnel(&[
        "compile",
        &vs,
        "--relaxed",
        "--emit",
        "spirv",
        "--target-env",
        "vulkan1.0",
        "-o",
        &out,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    spirv_val(Path::new(&out), "vulkan1.0").unwrap();
    let o = fresnel(&["compile", &vs, "--relaxed", "--emit", "ir"]);
    assert!(
        stdout(&o).contains("gl_DefaultUniformBlock"),
        "{}",
        stdout(&o)
    );
}

/// glslang's `Test/vk.relaxed.frag`: a default uniform structure holding samplers (read
/// directly and through a function taking the sampler structure) and atomic counters.
const VK_RELAXED_FRAG: &str = r#"#version 460

out vec4 o;

// default uniforms will be gathered into a uniform block
uniform vec4 a;
uniform vec2 b = vec2(0, 0);            // initializer will be ignored
layout(location = 0) uniform vec2 c;    // location qualifier will be ignored
uniform vec4 d[10];

struct SamplerArray{
    sampler2D tn[4];
};

uniform struct e {                      
    vec2 x;
    float y;
    uint z;
    sampler2D t0;
    SamplerArray samplers;
} structUniform; 

// opaque types will not be grouped into uniform block
uniform sampler2D t1;

// shared and packed layout qualifier are silently ignored
layout(shared) uniform UniformBlock {
    float j;
    vec4 k;
};

layout(packed) buffer BufferBlock {
    float j;
    vec4 k;
} bufferInstance;

// atomic_uint will be converted to uint and gathered in a buffer block
layout(binding = 0) uniform atomic_uint counter1; // offset not used
layout(binding = 0) uniform atomic_uint counter2; // offset not used
layout(binding = 1) uniform atomic_uint counter3; // offset not used

// atomic counter functions will be converted to equivalent integer atomic operations
uint bar() {
    uint j = 0;
    j = atomicCounterIncrement(counter1);
    j = atomicCounterDecrement(counter1);
    j = atomicCounter(counter1);

    j = atomicCounterAdd(counter1, 1);
    j = atomicCounterAdd(counter1, -1);
    j = atomicCounterSubtract(counter1, 1);

    j = atomicCounterMin(counter1, j);
    j = atomicCounterMax(counter1, j);
    j = atomicCounterAnd(counter1, j);

    j = atomicCounterOr(counter1, j);
    j = atomicCounterXor(counter1, j);
    
    j = atomicCounterExchange(counter1, j);
    j = atomicCounterCompSwap(counter1, 0, j);

    atomicCounterIncrement(counter2);
    atomicCounterIncrement(counter3);

    memoryBarrierAtomicCounter();
    
    return j;
}

vec4 foo() {
    float f = j + bufferInstance.j + structUniform.y + structUniform.z;
    vec2 v2 = b + c + structUniform.x;
    vec4 v4 = a + d[0] + d[1] + d[2] + k + bufferInstance.k + texture(t1, vec2(0, 0)) + texture(structUniform.t0, vec2(0, 0));
    return vec4(f) * vec4(v2, 1, 1) * v4;
}

vec4 baz(SamplerArray samplers) {
    return texture(samplers.tn[0], vec2(0, 0)) + texture(samplers.tn[1], vec2(0, 0)) + texture(samplers.tn[2], vec2(0, 0)) + texture(samplers.tn[3], vec2(0, 0));
}

void main() {
    float j = float(bar());
    o = j * foo() + baz(structUniform.samplers);
}
"#;

/// With `--relaxed`, glslang's vk.relaxed.frag compiles for Vulkan 1.1 at -O0 and -O to
/// valid SPIR-V: the structure's samplers are uniforms of their own, its other members in
/// `gl_DefaultUniformBlock`, the atomic counters in storage buffers. Without `--relaxed` it
/// is rejected.
#[test]
fn relaxed_mode_splits_sampler_structures_and_lowers_atomic_counters() {
    let d = scratch("relaxed-struct");
    let fs = write(&d, "vk.relaxed.frag", VK_RELAXED_FRAG.as_bytes());
    let out = d.join("f.spv").to_string_lossy().into_owned();
    let base = [
        "compile",
        &fs,
        "--emit",
        "spirv",
        "--target-env",
        "vulkan1.1",
        "-o",
        &out,
    ];
    let o = fresnel(&base);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("structure holding opaque members"),
        "{}",
        stderr(&o)
    );
    for level in ["--O0", "-O"] {
        let mut args = base.to_vec();
        args.extend(["--relaxed", level]);
        let o = fresnel(&args);
        assert_eq!(o.status.code(), Some(0), "{level}: {}", stderr(&o));
        spirv_val(Path::new(&out), "vulkan1.1").unwrap();
    }
    let o = fresnel(&[
        "compile",
        &fs,
        "--relaxed",
        "--target-env",
        "vulkan1.1",
        "--emit",
        "spirv-asm",
    ]);
    let text = stdout(&o);
    for name in [
        "\"structUniform.t0\"",
        "\"structUniform.samplers.tn\"",
        "\"gl_AtomicCounterBlock_0\"",
        "\"gl_AtomicCounterBlock_1\"",
    ] {
        assert!(text.contains(name), "{name} missing:\n{text}");
    }
    assert!(!text.contains("AtomicStorage"), "{text}");
}

/// Relaxed Vulkan rules also give GL-style shaders `gl_VertexID` and `gl_InstanceID`, as
/// `VertexIndex` and `InstanceIndex` (glslang's `-R`); without them Vulkan GLSL has neither.
#[test]
fn relaxed_mode_maps_vertex_and_instance_ids() {
    let d = scratch("relaxed-ids");
    let vs = write(
        &d,
        "ids.vert",
        b"#version 450\nlayout(location = 0) out vec4 c;\nvoid main() { c = vec4(float(gl_VertexID), float(gl_InstanceID), 0.0, 1.0); }\n",
    );
    let out = d.join("ids.spv").to_string_lossy().into_owned();
    let base = [
        "compile",
        vs.as_str(),
        "--emit",
        "spirv",
        "--target-env",
        "vulkan1.0",
        "-o",
        out.as_str(),
    ];
    let o = fresnel(&base);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("`gl_VertexID` is not declared"),
        "{}",
        stderr(&o)
    );
    let mut relaxed = base.to_vec();
    relaxed.push("--relaxed");
    let o = fresnel(&relaxed);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    spirv_val(Path::new(&out), "vulkan1.0").unwrap();
    let o = fresnel(&[
        "compile",
        vs.as_str(),
        "--relaxed",
        "--target-env",
        "vulkan1.0",
        "--emit",
        "spirv-asm",
    ]);
    let asm = stdout(&o);
    assert!(asm.contains("BuiltIn VertexIndex"), "{asm}");
    assert!(asm.contains("BuiltIn InstanceIndex"), "{asm}");
    // `check` takes the same rules.
    let check = ["check", vs.as_str(), "--target-env", "vulkan1.0"];
    assert_eq!(fresnel(&check).status.code(), Some(1));
    let mut check_relaxed = check.to_vec();
    check_relaxed.push("--relaxed");
    let o = fresnel(&check_relaxed);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn several_files_are_linked_into_one_program() {
    let d = scratch("program");
    let vs = write(&d, "a.vert", GL_VS);
    let fs = write(&d, "a.frag", GL_FS);
    let dir = d.join("out");
    std::fs::create_dir_all(&dir).unwrap();
    let dir_s = dir.to_string_lossy().into_owned();
    let args = ["--relaxed", "--target-env", "vulkan1.0"];
    let o = fresnel(
        &[
            &["compile", &vs, &fs, "--emit", "spirv", "-o", &dir_s][..],
            &args,
        ]
        .concat(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    for stage in ["vert", "frag"] {
        spirv_val(&dir.join(format!("{stage}.spv")), "vulkan1.0").unwrap();
    }
    // Without -o the modules have nowhere to go.
    let o = fresnel(&[&["compile", &vs, &fs, "--emit", "spirv"][..], &args].concat());
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    // The IR shows the matched varying locations and one block in both stages.
    let o = fresnel(&[&["compile", &vs, &fs, "--emit", "ir"][..], &args].concat());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let ir = stdout(&o);
    assert!(ir.matches("gl_DefaultUniformBlock").count() >= 2, "{ir}");
    let vc_lines: Vec<&str> = ir
        .lines()
        .filter(|l| l.contains("vc") && l.contains("location"))
        .collect();
    assert_eq!(vc_lines.len(), 2, "{ir}");
    assert!(
        vc_lines
            .iter()
            .all(|l| l.contains("location=0") || l.contains("location 0")),
        "{vc_lines:?}"
    );
}

/// Several files form a program that must link: mismatched varyings are an error naming
/// both stages and the variable (exit 1, no module written); matching ones link.
#[test]
fn mismatched_varyings_do_not_link() {
    let d = scratch("mismatch");
    let vs = write(
        &d,
        "a.vert",
        b"#version 450\nout vec3 v;\nvoid main() { v = vec3(1.0); gl_Position = vec4(0.0); }\n",
    );
    let fs_src = |ty: &str| {
        format!("#version 450\nin {ty} v;\nout vec4 c;\nvoid main() {{ c = vec4(v.x); }}\n")
    };
    let bad = write(&d, "a.frag", fs_src("vec2").as_bytes());
    let good = write(&d, "b.frag", fs_src("vec3").as_bytes());
    let dir = d.join("out");
    std::fs::create_dir_all(&dir).unwrap();
    let dir_s = dir.to_string_lossy().into_owned();
    let o = fresnel(&["compile", &vs, &bad, "--emit", "spirv", "-o", &dir_s]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("error: linking: fragment input `v` and vertex output `v` have different types (vec2 and vec3)"),
        "{err}"
    );
    assert!(!dir.join("vert.spv").exists() && !dir.join("frag.spv").exists());
    // The IR of the same program is not printed either.
    let o = fresnel(&["compile", &vs, &bad, "--emit", "ir"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let o = fresnel(&["compile", &vs, &good, "--emit", "spirv", "-o", &dir_s]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(dir.join("vert.spv").exists() && dir.join("frag.spv").exists());
}

/// `fresnel piglit`: a `.shader_test` whose shaders compile but do not link (mismatched
/// varyings) passes as `link error` and fails as `link success`; one that links passes
/// `link success`.
#[test]
fn piglit_programs_are_linked_by_the_library() {
    let d = scratch("piglit-link");
    let test = |frag_ty: &str, expect: &str| {
        format!(
            "[require]\nGLSL >= 1.30\n\n[vertex shader]\n#version 130\nin vec4 piglit_vertex;\n\
             out vec3 v;\nvoid main() {{ v = vec3(1.0); gl_Position = piglit_vertex; }}\n\n\
             [fragment shader]\n#version 130\nin {frag_ty} v;\n\
             void main() {{ gl_FragColor = vec4(v.x); }}\n\n[test]\n{expect}\n"
        )
    };
    let run = |name: &str, text: String| {
        let f = write(&d, name, text.as_bytes());
        let o = fresnel(&["piglit", &f]);
        (o.status.code(), stdout(&o))
    };
    let (code, out) = run("bad-error.shader_test", test("vec2", "link error"));
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("1 passed, 0 failed, 0 skipped"), "{out}");
    let (code, out) = run("bad-success.shader_test", test("vec2", "link success"));
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("fragment input `v` and vertex output `v` have different types"),
        "{out}"
    );
    let drawn = "link success\ndraw rect -1 -1 2 2\nprobe all rgba 1.0 1.0 1.0 1.0";
    let (code, out) = run("good.shader_test", test("vec3", drawn));
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("1 passed, 0 failed, 0 skipped"), "{out}");
}

/// `-o -` writes to standard output (no file named `-`), for text and binary output.
#[test]
fn output_dash_is_standard_output() {
    let d = scratch("dash");
    let f = write(
        &d,
        "a.frag",
        b"#version 450\nlayout(location = 0) out vec4 c;\nvoid main() { c = vec4(1.0); }\n",
    );
    let o = Command::new(env!("CARGO_BIN_EXE_fresnel"))
        .args(["compile", &f, "--emit", "spirv-asm", "-o", "-"])
        .current_dir(&d)
        .output()
        .expect("run fresnel");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("OpEntryPoint Fragment"),
        "{}",
        stdout(&o)
    );
    let o = Command::new(env!("CARGO_BIN_EXE_fresnel"))
        .args(["compile", &f, "--emit", "spirv", "-o", "-"])
        .current_dir(&d)
        .output()
        .expect("run fresnel");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(o.stdout.get(..4), Some(&0x0723_0203u32.to_le_bytes()[..]));
    assert!(!d.join("-").exists(), "no file named `-`");
}

/// A fragment shader whose `main` nests one construct `depth` times.
fn nested(kind: &str, depth: usize) -> String {
    let body = match kind {
        "paren" => format!("a = {}a{};", "(".repeat(depth), ")".repeat(depth)),
        "unary" => format!("a = {}a;", "- ".repeat(depth)),
        "if" => format!(
            "{}a += 1.0;{}",
            (0..depth)
                .map(|i| format!("if (a > {i}.0) {{"))
                .collect::<String>(),
            "}".repeat(depth)
        ),
        "block" => format!("{}a += 1.0;{}", "{".repeat(depth), "}".repeat(depth)),
        "else-if" => format!(
            "if (a > 0.0) a = 1.0;{}",
            (0..depth)
                .map(|i| format!(" else if (a > {i}.0) a = {i}.0;"))
                .collect::<String>()
        ),
        "conditional" => format!(
            "a = {}a;",
            (0..depth)
                .map(|i| format!("a > {i}.0 ? {i}.0 : "))
                .collect::<String>()
        ),
        "index" => format!(
            "float arr[2]; arr[0] = a; arr[1] = a; a = {}a{};",
            "arr[int(".repeat(depth),
            ")]".repeat(depth)
        ),
        "chain" => format!("a = {};", vec!["a"; depth].join("+")),
        "loop" => format!(
            "{}a += 1.0;{}",
            (0..depth)
                .map(|i| format!("for (int i{i} = 0; i{i} < 2; i{i}++) {{"))
                .collect::<String>(),
            "}".repeat(depth)
        ),
        _ => unreachable!("no such nesting"),
    };
    format!(
        "#version 450\nlayout(location = 0) in float x;\nlayout(location = 0) out vec4 o;\n\
         void main() {{ float a = x;\n{body}\no = vec4(a); }}\n"
    )
}

/// Shaders nested as deep as the front end's limits allow compile (the stack the compiler runs
/// on is enough, on the main thread or, when the stack limit cannot be raised, on a thread of
/// its own), and one level deeper is a diagnostic, not a crash.
#[test]
fn nesting_at_the_limits_compiles_and_one_more_level_is_a_diagnostic() {
    let d = scratch("nesting");
    // The deepest accepted nesting of each kind (the limits count a level per parenthesis,
    // operator, statement or block, and an operator chain by its length).
    let kinds = [
        ("paren", 125),
        ("unary", 251),
        ("if", 83),
        ("block", 125),
        ("else-if", 250),
        ("conditional", 125),
        ("index", 62),
        ("chain", 1025),
        ("loop", 83),
    ];
    let exe = env!("CARGO_BIN_EXE_fresnel");
    for (kind, depth) in kinds {
        let f = write(&d, &format!("{kind}.frag"), nested(kind, depth).as_bytes());
        let spv = d.join(format!("{kind}.spv")).to_string_lossy().into_owned();
        for opt in ["-O0", "-O"] {
            let o = fresnel(&["compile", &f, "--emit", "spirv", opt, "-o", &spv]);
            assert_eq!(o.status.code(), Some(0), "{kind} {opt}: {}", stderr(&o));
        }
        // With a hard stack limit below the compiler's stack, the work runs on a thread.
        let o = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "ulimit -s 16384 && ulimit -Hs 16384 && exec \"{exe}\" compile \"{f}\" --emit spirv -O -o \"{spv}\""
            ))
            .output()
            .expect("run sh");
        assert_eq!(
            o.status.code(),
            Some(0),
            "{kind} on a thread: {}",
            stderr(&o)
        );
        let f = write(
            &d,
            &format!("{kind}-deeper.frag"),
            nested(kind, depth + 1).as_bytes(),
        );
        let o = fresnel(&["compile", &f, "--emit", "spirv", "-o", &spv]);
        assert_eq!(o.status.code(), Some(1), "{kind} deeper: {}", stderr(&o));
        let err = stderr(&o);
        assert!(
            err.contains("nesting deeper than") || err.contains("longer than"),
            "{kind} deeper: {err}"
        );
    }
    // The highest `--max-nesting`: indexing nested in indexing (the most stack per level) as
    // deep as it allows still compiles; above it the option is refused.
    let f = write(&d, "index-4096.frag", nested("index", 62 * 16).as_bytes());
    let spv = d.join("index-4096.spv").to_string_lossy().into_owned();
    let o = fresnel(&[
        "compile",
        &f,
        "--max-nesting",
        "4096",
        "--emit",
        "spirv",
        "-O",
        "-o",
        &spv,
    ]);
    assert_eq!(o.status.code(), Some(0), "index at 4096: {}", stderr(&o));
    let o = fresnel(&[
        "compile",
        &f,
        "--max-nesting",
        "4097",
        "--emit",
        "spirv",
        "-o",
        &spv,
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("--max-nesting must be between 1 and 4096"),
        "{}",
        stderr(&o)
    );
}

/// Start-up loads only the C library (most of a small compile's time is process start-up):
/// `build.rs` links the unwinder in statically, and the transcendental functions come from the
/// `libm` crate. A library the executable asks the dynamic loader for has its name in the
/// executable's dynamic string table.
#[cfg(all(target_os = "linux", target_arch = "x86_64", target_env = "gnu"))]
#[test]
fn start_up_loads_only_the_c_library() {
    let exe = std::fs::read(env!("CARGO_BIN_EXE_fresnel")).expect("read the fresnel executable");
    for lib in ["libgcc_s.so.1", "libm.so.6"] {
        let needle = lib.as_bytes();
        assert!(
            !exe.windows(needle.len()).any(|w| w == needle),
            "the fresnel executable still loads {lib}"
        );
    }
    assert!(exe.windows(9).any(|w| w == b"libc.so.6"));
    // Still a working executable with a working exit path.
    let o = fresnel(&["--version"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}
