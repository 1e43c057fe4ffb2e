//! `fresnel piglit` end to end on `.shader_test` files written here: drawing, uniforms,
//! probes (passing and failing), rasterization facts, fixed-function state, skips.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod support;

fn run(dir: &Path, files: &[(&str, &str)], extra: &[&str]) -> Output {
    let paths: Vec<PathBuf> = files
        .iter()
        .map(|(name, text)| {
            let p = dir.join(name);
            std::fs::write(&p, text).expect("write test");
            p
        })
        .collect();
    Command::new(env!("CARGO_BIN_EXE_fresnel"))
        .arg("piglit")
        .args(extra)
        .args(&paths)
        .output()
        .expect("run fresnel")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The run succeeded with `n` tests passed and none failed or skipped.
#[track_caller]
fn all_pass(o: &Output, n: usize) {
    let out = stdout(o);
    assert!(o.status.success(), "{out}");
    assert!(
        out.ends_with(&format!("{n} passed, 0 failed, 0 skipped\n")),
        "{out}"
    );
}

/// The run's output contains `needle`.
#[track_caller]
fn says(o: &Output, needle: &str) {
    let out = stdout(o);
    assert!(out.contains(needle), "`{needle}` not in:\n{out}");
}

/// A uniform-driven colour over the whole window, probed everywhere and at a pixel.
const UNIFORM_COLOR: &str = "[require]\nGLSL >= 1.30\n\n[vertex shader passthrough]\n\n\
[fragment shader]\n#version 130\nuniform vec4 c;\nuniform int k;\nout vec4 o;\n\
void main() { o = c * float(k); }\n\n[test]\nuniform vec4 c 0.25 0.5 0.125 1.0\n\
uniform int k 2\ndraw rect -1 -1 2 2\nprobe all rgba 0.5 1.0 0.25 1.0\n\
probe rgb 17 33 0.5 1.0 0.25\n";

#[test]
fn uniforms_draws_and_probes_pass_and_a_wrong_colour_fails() {
    let d = support::scratch("piglit", "basic");
    for opt in [&[][..], &["-O"][..]] {
        let o = run(&d, &[("good.shader_test", UNIFORM_COLOR)], opt);
        all_pass(&o, 1);
    }
    let bad = UNIFORM_COLOR.replace(
        "probe rgb 17 33 0.5 1.0 0.25",
        "probe rgb 17 33 0.5 0.9 0.25",
    );
    let o = run(&d, &[("bad.shader_test", &bad)], &[]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("bad.shader_test: line 18: probe at (17, 33): expected (0.5, 0.9, 0.25), observed (0.502, 1.000, 0.251)"),
        "{out}"
    );
}

/// A rectangle over the left half keeps the clear colour on the right; relative probes,
/// rectangle probes, and `ortho` coordinates in pixels.
#[test]
fn partial_rectangles_keep_the_clear_colour() {
    let d = support::scratch("piglit", "partial");
    let t =
        "[require]\nGLSL >= 1.10\nSIZE 64 32\n\n[vertex shader]\nattribute vec4 piglit_vertex;\n\
void main() { gl_Position = piglit_vertex; }\n\n[fragment shader]\n\
void main() { gl_FragColor = vec4(gl_FragCoord.x / 64.0, 1.0, 0.0, 1.0); }\n\n[test]\n\
clear color 0.0 0.0 1.0 1.0\nclear\ndraw rect -1 -1 1 2\n\
relative probe rgba (0.75, 0.5) (0.0, 0.0, 1.0, 1.0)\n\
probe rect rgb (32, 0, 32, 32) (0.0, 0.0, 1.0)\nprobe rgb 0 0 0.0078 1.0 0.0\n\
probe rgb 31 5 0.4922 1.0 0.0\ndraw rect ortho 48 0 16 32\nprobe rgb 48 3 0.7578 1.0 0.0\n\
probe rgb 47 3 0.0 0.0 1.0\n";
    let o = run(&d, &[("half.shader_test", t)], &[]);
    all_pass(&o, 1);
    // The same probe on the covered side fails.
    let bad = t.replace(
        "relative probe rgba (0.75, 0.5)",
        "relative probe rgba (0.25, 0.5)",
    );
    let o = run(&d, &[("bad.shader_test", &bad)], &[]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
}

/// Facing comes from the winding in the window (a rectangle of negative height is seen
/// from behind); compatibility varyings and the fixed-function matrices (identity, or
/// `ortho`'s projection) reach the shaders; flat inputs take the provoking vertex.
#[test]
fn facing_fixed_function_state_and_flat_inputs() {
    let d = support::scratch("piglit", "raster");
    let facing = "[require]\nGLSL >= 1.10\n\n[vertex shader passthrough]\n\n[fragment shader]\n\
void main() { gl_FragColor = gl_FrontFacing ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0); }\n\n\
[test]\ndraw rect -1 -1 2 1\ndraw rect -1 1 2 -1\nrelative probe rgb (0.5, 0.25) (0.0, 1.0, 0.0)\n\
relative probe rgb (0.5, 0.75) (1.0, 0.0, 0.0)\n";
    let compat = "[require]\nGLSL >= 1.20\n\n[vertex shader]\n#version 120\n\
void main() { gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex; gl_FrontColor = vec4(gl_Vertex.xy / 100.0, gl_NormalMatrix[2].z, 1.0); }\n\n\
[fragment shader]\n#version 120\nvoid main() { gl_FragColor = gl_Color; }\n\n[test]\northo\n\
draw rect 0 0 100 100\nprobe rgb 50 50 0.505 0.505 1.0\n";
    let flat = "[require]\nGLSL >= 1.30\n\n[vertex shader]\n#version 130\nin vec4 piglit_vertex;\n\
flat out float v;\nvoid main() { gl_Position = piglit_vertex; v = float(gl_VertexID) / 4.0; }\n\n\
[fragment shader]\n#version 130\nflat in float v;\nout vec4 o;\nvoid main() { o = vec4(v, 0.0, 0.0, 1.0); }\n\n\
[test]\ndraw rect -1 -1 2 2\nprobe rgb 10 10 0.5 0.0 0.0\nprobe rgb 240 240 0.75 0.0 0.0\n";
    let o = run(
        &d,
        &[
            ("facing.shader_test", facing),
            ("compat.shader_test", compat),
            ("flat.shader_test", flat),
        ],
        &[],
    );
    all_pass(&o, 3);
}

/// A test the runner cannot run is skipped with the reason; an expected link error is met
/// by a shader that does not compile, and a compile error otherwise fails the test.
#[test]
fn skips_say_why_and_compile_errors_meet_link_error() {
    let d = support::scratch("piglit", "skips");
    let tex = UNIFORM_COLOR.replace("draw rect", "resident texture 0\ndraw rect");
    let link = "[require]\nGLSL >= 1.10\n\n[vertex shader passthrough]\n\n[fragment shader]\n\
void main() { gl_FragColor = undeclared; }\n\n[test]\nlink error\n";
    let o = run(
        &d,
        &[("tex.shader_test", &tex), ("link.shader_test", link)],
        &[],
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains("skipped 1: command `resident texture` is not run"),
        "{out}"
    );
    assert!(out.ends_with("1 passed, 0 failed, 1 skipped\n"), "{out}");
    let broken = link.replace("link error\n", "draw rect -1 -1 2 2\nprobe all rgb 0 0 0\n");
    let o = run(&d, &[("broken.shader_test", &broken)], &[]);
    assert_eq!(o.status.code(), Some(1));
    says(&o, "undeclared");
}

/// Compute shaders run over `compute X Y Z` on storage buffers the test fills with `ssbo`
/// commands; `probe ssbo` reads them back (and fails on a wrong value). A fragment shader
/// writes its storage buffers too.
#[test]
fn compute_dispatches_and_storage_buffer_probes() {
    let d = support::scratch("piglit", "compute");
    let t = "[require]\nGLSL >= 4.30\n\n[compute shader]\n#version 430\n\
layout(local_size_x = 4) in;\nlayout(std430, binding = 1) buffer B { int v[8]; float f; };\n\
uniform int add;\nvoid main() { uint i = gl_GlobalInvocationID.x; v[i] = v[i] * 2 + add; if (i == 0u) f = 0.5; }\n\n\
[test]\nssbo 1 36\nssbo 1 subdata int 0 1 2 3 4 5 6 7 8\nuniform int add 10\ncompute 2 1 1\n\
probe ssbo int 1 0 == 12 14 16 18\nprobe ssbo int 1 16 == 20 22 24 26\nprobe ssbo float 1 32 ~= 0.5\n";
    let o = run(&d, &[("cs.shader_test", t)], &[]);
    all_pass(&o, 1);
    let bad = t.replace(
        "probe ssbo int 1 16 == 20 22 24 26",
        "probe ssbo int 1 16 == 20 22 25 26",
    );
    let o = run(&d, &[("bad.shader_test", &bad)], &[]);
    assert_eq!(o.status.code(), Some(1));
    says(&o, "probe ssbo int 1 24 == 25: observed 24");
    let fs = "[require]\nGLSL >= 4.30\nSIZE 8 8\n\n[vertex shader passthrough]\n\n[fragment shader]\n#version 430\n\
layout(std430, binding = 0) buffer B { uint hits; };\nout vec4 o;\n\
void main() { atomicAdd(hits, 1u); o = vec4(0.0, 1.0, 0.0, 1.0); }\n\n\
[test]\nssbo 0 4\ndraw rect -1 -1 2 2\nprobe all rgb 0 1 0\nprobe ssbo uint 0 0 == 64\n";
    let o = run(&d, &[("fs.shader_test", fs)], &[]);
    all_pass(&o, 1);
}

/// Atomic counter buffers, uniform block members named by GL paths, and clip and cull
/// distances (a triangle whose vertices all have a negative cull distance is culled; an
/// enabled, interpolated clip distance below zero clips the fragment).
#[test]
fn counters_block_members_and_clip_cull_distances() {
    let d = support::scratch("piglit", "more");
    let counters = "[require]\nGLSL >= 4.30\nSIZE 4 4\n\n[vertex shader passthrough]\n\n[fragment shader]\n\
#version 430\nlayout(binding = 0) uniform atomic_uint a;\nlayout(binding = 0) uniform atomic_uint b;\n\
out vec4 o;\nvoid main() { atomicCounterIncrement(a); atomicCounterDecrement(b); o = vec4(1.0); }\n\n\
[test]\natomic counter buffer 0 2\natomic counter 0 1 100\ndraw rect -1 -1 2 2\n\
probe atomic counter buffer 0 0 == 16\nprobe atomic counter 1 == 84\n";
    let ubo = "[require]\nGLSL >= 1.40\n\n[vertex shader passthrough]\n\n[fragment shader]\n#version 140\n\
struct S { float x; vec2 y[2]; };\nuniform U { S s[2]; mat2 m; };\nout vec4 o;\n\
void main() { o = vec4(s[1].y[1], s[0].x, m[1][0]); }\n\n[test]\n\
uniform float s[0].x 0.25\nuniform vec2 s[1].y[1] 0.5 0.75\nuniform mat2 m 0 0 1 0\n\
draw rect -1 -1 2 2\nprobe all rgba 0.5 0.75 0.25 1.0\n";
    let cull = "[require]\nGLSL >= 4.50\n\n[vertex shader]\n#version 450\nin vec4 piglit_vertex;\n\
out float gl_CullDistance[1];\nout float gl_ClipDistance[1];\n\
void main() { gl_Position = piglit_vertex; gl_CullDistance[0] = float(gl_VertexID) - 2.5; gl_ClipDistance[0] = piglit_vertex.x; }\n\n\
[fragment shader]\n#version 450\nout vec4 o;\nvoid main() { o = vec4(0.0, 0.0, 1.0, 1.0); }\n\n[test]\n\
clear color 0.0 1.0 0.0 1.0\nclear\ndraw rect -1 -1 2 2\nrelative probe rgb (0.1, 0.1) (0.0, 1.0, 0.0)\n\
relative probe rgb (0.9, 0.9) (0.0, 0.0, 1.0)\nrelative probe rgb (0.45, 0.9) (0.0, 0.0, 1.0)\n\
enable GL_CLIP_PLANE0\nclear\ndraw rect -1 -1 2 2\nrelative probe rgb (0.45, 0.9) (0.0, 1.0, 0.0)\n\
relative probe rgb (0.9, 0.9) (0.0, 0.0, 1.0)\n";
    let o = run(
        &d,
        &[
            ("counters.shader_test", counters),
            ("ubo.shader_test", ubo),
            ("cull.shader_test", cull),
        ],
        &[],
    );
    all_pass(&o, 3);
}

/// A geometry shader between the vertex and fragment shaders: its emitted strips are what
/// is rasterized (here it mirrors the rectangle and passes a colour).
#[test]
fn geometry_shaders_emit_what_is_drawn() {
    let d = support::scratch("piglit", "geometry");
    let t = "[require]\nGLSL >= 1.50\n\n[vertex shader]\n#version 150\nin vec4 piglit_vertex;\n\
void main() { gl_Position = piglit_vertex; }\n\n[geometry shader]\n#version 150\n\
layout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\nout vec4 c;\n\
void main() { for (int i = 0; i < 3; i++) { gl_Position = vec4(-gl_in[i].gl_Position.x, gl_in[i].gl_Position.yzw); \
c = vec4(0.0, 1.0, float(gl_PrimitiveIDIn), 1.0); EmitVertex(); } EndPrimitive(); }\n\n\
[fragment shader]\n#version 150\nin vec4 c;\nout vec4 o;\nvoid main() { o = c; }\n\n[test]\n\
clear color 1.0 0.0 0.0 1.0\nclear\ndraw rect -1 -1 1 2\nrelative probe rgb (0.25, 0.5) (1.0, 0.0, 0.0)\n\
relative probe rgb (0.9, 0.1) (0.0, 1.0, 0.0)\nrelative probe rgb (0.55, 0.9) (0.0, 1.0, 1.0)\n";
    let o = run(&d, &[("gs.shader_test", t)], &[]);
    all_pass(&o, 1);
}

/// `texture rgbw` (red, green, blue, white quadrants from the bottom left) and `texture
/// checkerboard` bound to sampler uniforms by unit (`uniform int`) or by `binding`.
#[test]
fn textures_by_unit_and_binding() {
    let d = support::scratch("piglit", "textures");
    let t = "[require]\nGLSL >= 4.20\n\n[vertex shader]\n#version 420\nin vec4 piglit_vertex;\nout vec2 tc;\n\
void main() { gl_Position = piglit_vertex; tc = piglit_vertex.xy * 0.5 + 0.5; }\n\n[fragment shader]\n#version 420\n\
uniform sampler2D a;\nlayout(binding = 3) uniform sampler2D b[2];\nin vec2 tc;\nout vec4 o;\n\
void main() { o = tc.x < 0.5 ? texture(a, tc) : texture(b[1], tc); }\n\n[test]\nuniform int a 2\n\
texture rgbw 2 (8, 8)\ntexture checkerboard 4 0 (8, 8) (0.0, 0.0, 0.0, 1.0) (1.0, 0.0, 1.0, 1.0)\n\
draw rect -1 -1 2 2\nrelative probe rgb (0.1, 0.1) (1.0, 0.0, 0.0)\nrelative probe rgb (0.1, 0.9) (0.0, 0.0, 1.0)\n\
relative probe rgb (0.6, 0.1) (1.0, 0.0, 1.0)\nrelative probe rgb (0.9, 0.1) (1.0, 0.0, 1.0)\n\
relative probe rgb (0.9, 0.9) (0.0, 0.0, 0.0)\n";
    let o = run(&d, &[("tex.shader_test", t)], &[]);
    all_pass(&o, 1);
}

/// Hostile files get a verdict, not a crash: binary junk, probes far outside the window
/// and buffers, a draw too large to rasterize.
#[test]
fn hostile_files_get_a_verdict() {
    let d = support::scratch("piglit", "hostile");
    let far = UNIFORM_COLOR.replace(
        "probe rgb 17 33 0.5 1.0 0.25",
        "probe rgb 4294967295 4294967295 0 0 0\nssbo 0 4\nprobe ssbo int 0 18446744073709551615 == 1",
    );
    let mut big = String::from("[require]\nGLSL >= 1.30\nSIZE 2048 2048\n\n[vertex shader]\n#version 130\nin vec4 piglit_vertex;\nvoid main() { gl_Position = piglit_vertex; }\n\n[fragment shader]\n#version 130\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n\n[vertex data]\npiglit_vertex/float/2\n");
    // A hundred triangles over the whole window, each tested at every pixel.
    for _ in 0..100 {
        big.push_str("-1 -1\n3 -1\n-1 3\n");
    }
    big.push_str("\n[test]\ndraw arrays GL_TRIANGLES 0 300\n");
    let junk: String = (0u32..4000)
        .map(|i| char::from_u32((i * 7919) % 0x2000 + 1).unwrap_or('x'))
        .collect();
    let o = run(
        &d,
        &[
            ("far.shader_test", &far),
            ("big.shader_test", &big),
            ("junk.shader_test", &junk),
        ],
        &[],
    );
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains("far.shader_test: line 18: probe outside the 250x250 window"),
        "{out}"
    );
    assert!(out.contains("big.shader_test: line"), "{out}");
    assert!(out.contains("coverage tests"), "{out}");
    // Instanced draws are bounded too, and bad patch sizes are refused.
    let many = UNIFORM_COLOR.replace("draw rect", "draw instanced rect 100000");
    let patch = UNIFORM_COLOR.replace("draw rect", "patch parameter vertices 0\ndraw rect");
    let o = run(
        &d,
        &[("many.shader_test", &many), ("patch.shader_test", &patch)],
        &[],
    );
    let out = stdout(&o);
    assert!(out.contains("skipped 1: more than 64 instances"), "{out}");
    assert!(
        out.contains("patch.shader_test: line 16: bad command `patch parameter vertices 0`"),
        "{out}"
    );
}

/// A quad patch whose control shader sets the levels and a per-patch colour from every
/// invocation's output (read after `barrier()`); `draw rect patch` draws the corners as one
/// patch, and the evaluation shader's colour reaches the probes (a wrong one fails).
const TESS_QUAD: &str = "[require]\nGLSL >= 1.50\nGL_ARB_tessellation_shader\n\n\
[vertex shader passthrough]\n\n[tessellation control shader]\n#version 150\n\
#extension GL_ARB_tessellation_shader : require\nlayout(vertices = 4) out;\nout float k[];\n\
patch out vec4 pc;\nvoid main() {\n\
  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n\
  k[gl_InvocationID] = float(gl_InvocationID);\n  barrier();\n\
  pc = vec4(0.0, (k[0] + k[1] + k[2] + k[3]) / 6.0, 0.0, 1.0);\n\
  gl_TessLevelOuter = float[4](3.0, 3.0, 3.0, 3.0);\n  gl_TessLevelInner = float[2](3.0, 3.0);\n}\n\n\
[tessellation evaluation shader]\n#version 150\n#extension GL_ARB_tessellation_shader : require\n\
layout(quads, equal_spacing) in;\npatch in vec4 pc;\nout vec4 c;\nvoid main() {\n\
  vec4 a = mix(gl_in[0].gl_Position, gl_in[1].gl_Position, gl_TessCoord.x);\n\
  vec4 b = mix(gl_in[2].gl_Position, gl_in[3].gl_Position, gl_TessCoord.x);\n\
  gl_Position = mix(a, b, gl_TessCoord.y);\n\
  c = gl_TessCoord.x < 0.34 ? pc : vec4(0.0, 0.0, 1.0, 1.0);\n}\n\n\
[fragment shader]\n#version 150\nin vec4 c;\nout vec4 o;\nvoid main() { o = c; }\n\n[test]\n\
clear color 1.0 0.0 0.0 1.0\nclear\ndraw rect patch -1 -1 2 2\n\
relative probe rect rgb (0.0, 0.0, 0.3, 1.0) (0.0, 1.0, 0.0)\n\
relative probe rect rgb (0.7, 0.0, 0.3, 1.0) (0.0, 0.0, 1.0)\n";

/// Three-vertex patches of `[vertex data]` without a control shader: the default levels
/// (`patch parameter default level`) reach the evaluation shader, a patch with an outer
/// level of zero is discarded, and a last incomplete patch is not drawn.
const TESS_TRIANGLES: &str = "[require]\nGLSL >= 4.00\n\n[vertex shader]\n#version 400\n\
in vec4 piglit_vertex;\nvoid main() { gl_Position = piglit_vertex; }\n\n\
[tessellation evaluation shader]\n#version 400\nlayout(triangles) in;\nout vec4 c;\nvoid main() {\n\
  gl_Position = gl_in[0].gl_Position * gl_TessCoord.x + gl_in[1].gl_Position * gl_TessCoord.y\n\
              + gl_in[2].gl_Position * gl_TessCoord.z;\n\
  c = vec4(gl_TessLevelOuter[0] / 4.0, gl_TessLevelInner[0] / 4.0, 0.0, 1.0);\n}\n\n\
[fragment shader]\n#version 400\nin vec4 c;\nout vec4 o;\nvoid main() { o = c; }\n\n\
[vertex data]\npiglit_vertex/float/2\n-1 -1\n1 -1\n-1 1\n1 1\n\n[test]\n\
clear color 0.0 0.0 1.0 1.0\nclear\npatch parameter vertices 3\n\
patch parameter default level outer 2 3 3 3\npatch parameter default level inner 1 1\n\
draw arrays GL_PATCHES 0 4\nrelative probe rgb (0.1, 0.1) (0.5, 0.25, 0.0)\n\
relative probe rgb (0.9, 0.9) (0.0, 0.0, 1.0)\n\
clear\npatch parameter default level outer 0 3 3 3\ndraw arrays GL_PATCHES 0 3\n\
relative probe rgb (0.1, 0.1) (0.0, 0.0, 1.0)\n";

#[test]
fn tessellation_patches_are_drawn_by_their_levels() {
    let d = support::scratch("piglit", "tessellation");
    for opt in [&[][..], &["-O"][..]] {
        let o = run(
            &d,
            &[
                ("quad.shader_test", TESS_QUAD),
                ("tri.shader_test", TESS_TRIANGLES),
            ],
            opt,
        );
        all_pass(&o, 2);
    }
    let bad = TESS_QUAD.replace("(0.0, 1.0, 0.0)", "(0.0, 0.5, 0.0)");
    let o = run(&d, &[("bad.shader_test", &bad)], &[]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("bad.shader_test: line 45: probe at (0, 0): expected (0, 0.5, 0), observed (0.000, 1.000, 0.000)"),
        "{out}"
    );
    // Patches need an evaluation shader, and other primitives none.
    let no_tes = UNIFORM_COLOR.replace("draw rect", "draw rect patch");
    let other = TESS_QUAD.replace("draw rect patch", "draw rect");
    let o = run(
        &d,
        &[
            ("no_tes.shader_test", &no_tes),
            ("other.shader_test", &other),
        ],
        &[],
    );
    let out = stdout(&o);
    assert!(
        out.contains("skipped 1: patches drawn without a tessellation evaluation shader"),
        "{out}"
    );
    assert!(
        out.contains(
            "skipped 1: a draw of other primitives than patches with tessellation shaders"
        ),
        "{out}"
    );
}

/// Without a fragment shader: a test that only links links the stages it has (the units of
/// one stage together), and a compatibility-profile program draws through GL's
/// fixed-function fragment stage (the primary colour, clamped to [0, 1]).
#[test]
fn programs_without_a_fragment_shader() {
    let d = support::scratch("piglit", "no_fs");
    let units = "[require]\nGLSL >= 1.10\n\n[vertex shader]\nfloat f();\n\
void main() { gl_Position = vec4(f()); }\n\n[vertex shader]\nfloat f() { return 1.0; }\n\n\
[test]\nlink success\n";
    let mismatch = units.replace("float f() { return 1.0; }", "int f() { return 1; }");
    let mismatch = mismatch.replace("link success", "link error");
    let ff = "[require]\nGLSL >= 1.10\n\n[vertex shader]\n\
void main() { gl_Position = gl_Vertex; gl_FrontColor = vec4(2.0, -1.0, 0.5, 1.0); }\n\n\
[test]\nclear color 0.0 0.0 1.0 1.0\nclear\ndraw rect -1 -1 1 2\n\
relative probe rgb (0.25, 0.5) (1.0, 0.0, 0.5)\nrelative probe rgb (0.75, 0.5) (0.0, 0.0, 1.0)\n";
    let o = run(
        &d,
        &[
            ("units.shader_test", units),
            ("mismatch.shader_test", &mismatch),
            ("ff.shader_test", ff),
        ],
        &[],
    );
    all_pass(&o, 3);
    // A core-profile program has no fixed-function fragment stage.
    let core = ff
        .replace("GLSL >= 1.10", "GLSL >= 1.50")
        .replace(
            "[vertex shader]\n",
            "[vertex shader]\n#version 150\nin vec4 piglit_vertex;\n",
        )
        .replace(
            "gl_Vertex; gl_FrontColor = vec4(2.0, -1.0, 0.5, 1.0);",
            "piglit_vertex;",
        );
    let o = run(&d, &[("core.shader_test", &core)], &[]);
    let out = stdout(&o);
    assert!(out.contains("skipped 1: no fragment shader"), "{out}");
}

/// `ortho L R B T` sets the fixed-function projection; `clip plane N A B C D` with
/// `enable GL_CLIP_PLANEn` clips at `gl_ClipVertex` (else `gl_Position`); negative
/// hexadecimal integers are the type's two's complement; `texture rgbw` takes an 8-bit RGBA
/// format.
#[test]
fn ortho_bounds_clip_planes_and_argument_forms() {
    let d = support::scratch("piglit", "forms");
    let clip = "[require]\nGLSL >= 1.20\n\n[vertex shader]\n#version 120\n\
void main() { gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex; gl_ClipVertex = gl_Vertex; }\n\n\
[fragment shader]\n#version 120\nvoid main() { gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0); }\n\n[test]\n\
clear color 1.0 0.0 0.0 1.0\nclear\northo 0 1 0 1\nclip plane 0 -1 0 0 0.5\nenable GL_CLIP_PLANE0\n\
draw rect 0 0 1 1\nrelative probe rgb (0.25, 0.5) (0.0, 1.0, 0.0)\n\
relative probe rgb (0.75, 0.5) (1.0, 0.0, 0.0)\n";
    let position = clip.replace(" gl_ClipVertex = gl_Vertex;", "");
    let position = position.replace("clip plane 0 -1 0 0 0.5", "clip plane 0 -1 0 0 0.0");
    let ints = "[require]\nGLSL >= 1.30\n\n[vertex shader passthrough]\n\n[fragment shader]\n#version 130\n\
uniform ivec4 v;\nuniform sampler2D s;\nout vec4 o;\n\
void main() { o = v == ivec4(-1073741824, -1, 16, -16) ? texture(s, vec2(0.75, 0.25)) : vec4(1.0, 0.0, 0.0, 1.0); }\n\n\
[test]\nuniform ivec4 v -0x40000000 0xffffffff 0x10 -0x10\ntexture rgbw 0 (8, 8) GL_RGBA8\n\
draw rect -1 -1 2 2\nprobe all rgb 0.0 1.0 0.0\n";
    let o = run(
        &d,
        &[
            ("clip.shader_test", clip),
            ("position.shader_test", &position),
            ("ints.shader_test", ints),
        ],
        &[],
    );
    all_pass(&o, 3);
    let other = ints.replace("GL_RGBA8", "GL_RGBA8UI");
    let o = run(&d, &[("other.shader_test", &other)], &[]);
    says(
        &o,
        "skipped 1: `texture rgbw` of format GL_RGBA8UI is not run",
    );
}

/// `texture shadow2D` / `shadowRect`: a depth gradient from the left edge (0) to the right
/// (1), compared with `GL_GREATER` unless `texparameter ... compare_func` says otherwise;
/// rectangle textures are addressed in texels. Depth modes other than the initial
/// luminance are skipped.
#[test]
fn shadow_textures_compare_a_depth_gradient() {
    let d = support::scratch("piglit", "shadow");
    let t = "[require]\nGLSL >= 1.10\n\n[vertex shader]\nvarying vec4 tc;\n\
void main() { gl_Position = gl_Vertex; tc = (gl_Vertex + 1.0) / 2.0; }\n\n[fragment shader]\n\
#extension GL_ARB_texture_rectangle : enable\nvarying vec4 tc;\nuniform sampler2DShadow s;\n\
uniform sampler2DRectShadow r;\nvoid main() {\n\
  vec4 a = shadow2D(s, tc.xyy);\n  vec4 b = shadow2DRect(r, tc.xyy * vec3(16.0, 16.0, 1.0));\n\
  gl_FragColor = vec4(a.x, b.x, 0.0, 1.0);\n}\n\n[test]\nuniform int s 0\nuniform int r 1\n\
texture shadow2D 0 (32, 32)\ntexparameter 2D depth_mode luminance\ntexture shadowRect 1 (16, 16)\n\
texparameter Rect compare_func less\ndraw rect -1 -1 2 2\n\
relative probe rgba (0.1, 0.9) (1.0, 0.0, 0.0, 1.0)\nrelative probe rgba (0.9, 0.1) (0.0, 1.0, 0.0, 1.0)\n";
    let o = run(&d, &[("shadow.shader_test", t)], &[]);
    all_pass(&o, 1);
    let intensity = t.replace("depth_mode luminance", "depth_mode intensity");
    let o = run(&d, &[("intensity.shader_test", &intensity)], &[]);
    says(
        &o,
        "skipped 1: `texparameter depth_mode intensity` (the luminance mode is compiled in)",
    );
}

/// A geometry shader taking points (`draw arrays GL_POINTS`) or lines emits a strip whose
/// triangles all face the same way; the fragment shader's `gl_PrimitiveID` is the one the
/// geometry shader wrote at the provoking vertex. Without a geometry shader points are not
/// drawn, and a geometry shader taking other primitives than the draw's draws nothing.
#[test]
fn geometry_shaders_take_points_and_lines() {
    let d = support::scratch("piglit", "gs_points");
    let t = "[require]\nGLSL >= 1.50\n\n[vertex shader]\n#version 150\n\
void main() { gl_Position = vec4(0.0); }\n\n[geometry shader]\n#version 150\n\
layout(points) in;\nlayout(triangle_strip, max_vertices = 4) out;\nvoid main() {\n\
  float x = gl_PrimitiveIDIn == 0 ? -1.0 : 0.0;\n\
  for (int i = 0; i < 4; i++) {\n\
    gl_Position = vec4(x + float(i % 2), -1.0 + 2.0 * float(i / 2), 0.0, 1.0);\n\
    gl_PrimitiveID = 7 + gl_PrimitiveIDIn; EmitVertex();\n  }\n}\n\n[fragment shader]\n#version 150\n\
out vec4 o;\nvoid main() { o = vec4(gl_FrontFacing ? 0.0 : 1.0, float(gl_PrimitiveID - 6) * 0.5, 0.0, 1.0); }\n\n\
[test]\nclear color 0.0 0.0 1.0 1.0\nclear\ndraw arrays GL_POINTS 0 1\n\
relative probe rgb (0.25, 0.25) (0.0, 0.5, 0.0)\nrelative probe rgb (0.25, 0.75) (0.0, 0.5, 0.0)\n\
relative probe rgb (0.75, 0.5) (0.0, 0.0, 1.0)\ndraw arrays GL_POINTS 0 2\n\
relative probe rgb (0.75, 0.25) (0.0, 1.0, 0.0)\nrelative probe rgb (0.75, 0.75) (0.0, 1.0, 0.0)\n";
    let o = run(&d, &[("points.shader_test", t)], &[]);
    all_pass(&o, 1);
    let lines = t.replace("draw arrays GL_POINTS 0 1", "draw arrays GL_LINES 0 2");
    let no_gs = UNIFORM_COLOR.replace("draw rect -1 -1 2 2", "draw arrays GL_POINTS 0 1");
    let o = run(
        &d,
        &[("lines.shader_test", &lines), ("no_gs.shader_test", &no_gs)],
        &[],
    );
    let out = stdout(&o);
    assert!(
        out.contains("skipped 1: a geometry shader taking `points` drawn with `Lines` primitives (GL draws nothing)"),
        "{out}"
    );
    assert!(
        out.contains(
            "skipped 1: `Points` primitives are not drawn (points and lines are not rasterized)"
        ),
        "{out}"
    );
}

/// `texture miptree` (8x8, levels red, green, blue, white) read by rectangles of several
/// sizes (`draw rect tex` with texture coordinates): the level follows the derivatives,
/// which quad neighbours outside a small rectangle still give (helper invocations with
/// extrapolated inputs). `tolerance` widens the probes.
#[test]
fn mipmaps_by_derivatives_and_probe_tolerance() {
    let d = support::scratch("piglit", "miptree");
    let t = "[require]\nGLSL >= 1.10\nSIZE 32 32\n\n[vertex shader]\nvarying vec4 tc;\n\
void main() { gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex; tc = gl_MultiTexCoord0; }\n\n\
[fragment shader]\nvarying vec4 tc;\nuniform sampler2D s;\n\
void main() { gl_FragColor = texture2D(s, tc.xy) * 0.9; }\n\n[test]\northo\ntexture miptree 0\n\
draw rect tex 0 0 8 8 0 0 1 1\ndraw rect tex 16 0 2 2 0 0 1 1\ndraw rect tex 20 0 1 1 0 0 1 1\n\
tolerance 0.11 0.11 0.11 0.11\nprobe rgb 3 3 1.0 0.0 0.0\nprobe rgb 16 0 0.0 0.0 1.0\nprobe rgb 20 0 1.0 1.0 1.0\n";
    let o = run(&d, &[("miptree.shader_test", t)], &[]);
    all_pass(&o, 1);
    let strict = t.replace("tolerance 0.11 0.11 0.11 0.11\n", "");
    let o = run(&d, &[("strict.shader_test", &strict)], &[]);
    says(
        &o,
        "probe at (3, 3): expected (1, 0, 0), observed (0.898, 0.000, 0.000)",
    );
}

/// `ubo array index K` makes the `uniform` commands that follow set block members in
/// element K of an array (of arrays) of blocks, counted with the last index fastest;
/// default-block uniforms are not affected.
#[test]
fn uniform_block_arrays_by_element() {
    let d = support::scratch("piglit", "ubo_array");
    let t = "[require]\nGLSL >= 1.50\nGL_ARB_arrays_of_arrays\n\n[vertex shader passthrough]\n\n\
[fragment shader]\n#version 150\n#extension GL_ARB_arrays_of_arrays : require\n\
uniform block { vec4 a; vec4 b[2]; } arr[2][3];\nuniform int n;\nout vec4 o;\n\
void main() { o = arr[1][n].b[1] + arr[0][2].a; }\n\n[test]\n\
ubo array index 2\nuniform vec4 block.a 0.5 0.0 0.0 0.0\n\
ubo array index 4\nuniform vec4 block.b[1] 0.0 1.0 0.0 1.0\nuniform int n 1\n\
ubo array index 0\ndraw rect -1 -1 2 2\nprobe all rgba 0.5 1.0 0.0 1.0\n";
    let o = run(&d, &[("ubo.shader_test", t)], &[]);
    all_pass(&o, 1);
}

/// Instanced draws (`draw instanced rect`, `draw arrays instanced`) draw instance after
/// instance with `gl_InstanceID`; after tessellation the fragment shader's `gl_PrimitiveID`
/// is the patch's.
#[test]
fn instanced_draws_and_patch_primitive_ids() {
    let d = support::scratch("piglit", "instanced");
    let rect = "[require]\nGLSL >= 1.40\n\n[vertex shader]\n#version 140\nin vec4 piglit_vertex;\nflat out int k;\n\
void main() { k = gl_InstanceID; gl_Position = piglit_vertex + vec4(float(gl_InstanceID), 0.0, 0.0, 0.0); }\n\n\
[fragment shader]\n#version 140\nflat in int k;\nout vec4 o;\nvoid main() { o = vec4(0.0, 1.0, float(k), 1.0); }\n\n\
[test]\nclear color 1.0 0.0 0.0 1.0\nclear\ndraw instanced rect 2 -1 -1 1 2\n\
relative probe rgb (0.25, 0.5) (0.0, 1.0, 0.0)\nrelative probe rgb (0.75, 0.5) (0.0, 1.0, 1.0)\n";
    let tess = "[require]\nGLSL >= 4.00\n\n[vertex shader]\n#version 400\nin vec4 piglit_vertex;\n\
out vec2 p;\nvoid main() { p = piglit_vertex.xy + vec2(float(gl_InstanceID), 0.0); }\n\n\
[tessellation control shader]\n#version 400\nlayout(vertices = 1) out;\nin vec2 p[];\nout vec2 q[];\n\
void main() { q[gl_InvocationID] = p[gl_InvocationID]; gl_TessLevelOuter = float[4](1.0, 1.0, 1.0, 1.0);\n\
  gl_TessLevelInner = float[2](1.0, 1.0); }\n\n[tessellation evaluation shader]\n#version 400\n\
layout(quads) in;\nin vec2 q[];\nvoid main() { gl_Position = vec4(q[0] + gl_TessCoord.xy, 0.0, 1.0); }\n\n\
[fragment shader]\n#version 400\nout vec4 o;\nvoid main() { o = vec4(0.0, 1.0, float(gl_PrimitiveID) * 0.5, 1.0); }\n\n\
[vertex data]\npiglit_vertex/float/2\n-1 -1\n-1 0\n\n[test]\nclear color 1.0 0.0 0.0 1.0\nclear\n\
patch parameter vertices 1\ndraw arrays instanced GL_PATCHES 0 2 2\n\
relative probe rgb (0.25, 0.25) (0.0, 1.0, 0.0)\nrelative probe rgb (0.25, 0.75) (0.0, 1.0, 0.5)\n\
relative probe rgb (0.75, 0.25) (0.0, 1.0, 0.0)\nrelative probe rgb (0.75, 0.75) (0.0, 1.0, 0.5)\n";
    let o = run(
        &d,
        &[("rect.shader_test", rect), ("tess.shader_test", tess)],
        &[],
    );
    all_pass(&o, 2);
}

/// `draw arrays GL_QUADS` draws each quadrilateral as two triangles with its last vertex
/// provoking; `[vertex data]` takes signed hexadecimal integers.
#[test]
fn quads_and_signed_hexadecimal_vertex_data() {
    let d = support::scratch("piglit", "quads");
    let t = "[require]\nGLSL >= 1.30\n\n[vertex shader]\n#version 130\nin vec4 piglit_vertex;\nin ivec4 v;\n\
flat out ivec4 f;\nvoid main() { gl_Position = piglit_vertex; f = v; }\n\n[fragment shader]\n#version 130\n\
flat in ivec4 f;\nout vec4 o;\n\
void main() { o = f == ivec4(-16, 16, 0, 1) ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0); }\n\n\
[vertex data]\npiglit_vertex/float/2 v/int/4\n-1 -1 0 0 0 0\n1 -1 0 0 0 0\n1 1 0 0 0 0\n-1 1 -0x10 0x10 0 1\n\n\
[test]\nclear color 0.0 0.0 1.0 1.0\nclear\ndraw arrays GL_QUADS 0 4\nprobe all rgb 0.0 1.0 0.0\n";
    let o = run(&d, &[("quads.shader_test", t)], &[]);
    all_pass(&o, 1);
}

/// `compute group size X Y Z LX LY LZ` dispatches a shader of variable workgroup size with
/// that size.
#[test]
fn variable_workgroup_sizes() {
    let d = support::scratch("piglit", "group_size");
    let t = "[require]\nGLSL >= 3.30\nGL_ARB_compute_shader\nGL_ARB_compute_variable_group_size\n\n\
[compute shader]\n#version 330\n#extension GL_ARB_compute_shader : require\n\
#extension GL_ARB_shader_storage_buffer_object : require\n\
#extension GL_ARB_compute_variable_group_size : require\nlayout(local_size_variable) in;\n\
layout(std430, binding = 0) buffer B { uint n[8]; };\n\
void main() { n[gl_GlobalInvocationID.x] = gl_LocalGroupSizeARB.x * 10u + gl_WorkGroupID.x; }\n\n\
[test]\nssbo 0 32\ncompute group size 2 1 1 4 1 1\nprobe ssbo uint 0 0 == 40 40 40 40 41 41 41 41\n";
    let o = run(&d, &[("group.shader_test", t)], &[]);
    all_pass(&o, 1);
}

/// `texparameter 2D base_level | max_level` limit the levels a texture offers: the base
/// level is level 0 of lookups and size queries.
#[test]
fn base_and_max_levels() {
    let d = support::scratch("piglit", "levels");
    let t =
        "[require]\nGLSL >= 1.30\nGL_ARB_texture_query_levels\n\n[vertex shader passthrough]\n\n\
[fragment shader]\n#version 130\n#extension GL_ARB_texture_query_levels : require\n\
uniform sampler2D s;\nuniform int levels;\nout vec4 o;\n\
void main() { o = textureQueryLevels(s) == levels && textureSize(s, 0).x == 4 ? \
textureLod(s, vec2(0.5), 0.0) : vec4(1.0, 0.0, 1.0, 1.0); }\n\n[test]\ntexture miptree 0\n\
texparameter 2D base_level 1\ntexparameter 2D max_level 2\nuniform int levels 2\n\
draw rect -1 -1 2 2\nprobe all rgba 0.0 1.0 0.0 1.0\n";
    let o = run(&d, &[("levels.shader_test", t)], &[]);
    all_pass(&o, 1);
}

/// `texture rgbw 2DArray UNIT (W, H, LAYERS)`: layer k is red, green, blue or white.
#[test]
fn array_textures_by_layer() {
    let d = support::scratch("piglit", "array_tex");
    let t = "[require]\nGLSL >= 1.30\n\n[vertex shader passthrough]\n\n[fragment shader]\n#version 130\n\
uniform sampler2DArray s;\nout vec4 o;\n\
void main() { o = texture(s, vec3(0.5, 0.5, gl_FragCoord.x < 125.0 ? 1.0 : 6.0)); }\n\n[test]\n\
texture rgbw 2DArray 0 (4, 4, 7)\ndraw rect -1 -1 2 2\n\
relative probe rgba (0.25, 0.5) (0.0, 1.0, 0.0, 1.0)\nrelative probe rgba (0.75, 0.5) (0.0, 0.0, 1.0, 1.0)\n";
    let o = run(&d, &[("array.shader_test", t)], &[]);
    all_pass(&o, 1);
}

/// A `GL COMPAT` test's GLSL 1.40 shaders see the compatibility built-ins (the context
/// supports GL_ARB_compatibility); without `GL COMPAT` they do not.
#[test]
fn compat_context_gives_glsl_140_the_compatibility_built_ins() {
    let d = support::scratch("piglit", "compat140");
    let test = |require: &str| {
        format!(
            "[require]\n{require}GLSL >= 1.40\n\n[vertex shader]\n\
             void main() {{ gl_Position = gl_Vertex; gl_FrontColor = vec4(0.0, 1.0, 0.0, 1.0); }}\n\n\
             [fragment shader]\nvoid main() {{ gl_FragColor = gl_Color; }}\n\n\
             [test]\ndraw rect -1 -1 2 2\nprobe all rgba 0 1 0 1\n"
        )
    };
    let o = run(
        &d,
        &[("compat.shader_test", &test("GL COMPAT >= 3.1\n"))],
        &[],
    );
    all_pass(&o, 1);
    let o = run(&d, &[("core.shader_test", &test(""))], &[]);
    let out = stdout(&o);
    assert!(
        out.contains("GL_ARB_compatibility") && out.ends_with("0 passed, 1 failed, 0 skipped\n"),
        "{out}"
    );
}

/// GL_INTEL_shader_atomic_float_minmax's float `atomicCompSwap` compares values, not bits:
/// a NaN comparator matches nothing, and -0.0 matches 0.0.
#[test]
fn float_compare_and_swap_compares_values() {
    let d = support::scratch("piglit", "float_cas");
    for opt in [&[][..], &["-O"][..]] {
        let o = run(&d, &[("cas.shader_test", FLOAT_CAS)], opt);
        all_pass(&o, 1);
    }
}

const FLOAT_CAS: &str = "[require]\n\
GLSL >= 4.30\n\
GL_INTEL_shader_atomic_float_minmax\n\
\n\
[vertex shader passthrough]\n\
\n\
[fragment shader]\n\
#version 430\n\
#extension GL_INTEL_shader_atomic_float_minmax : require\n\
layout(binding = 0, std430) buffer B { float v[2]; };\n\
out vec4 color;\n\
void main() {\n\
    // By value: a NaN equals nothing (no swap), -0.0 equals 0.0 (a swap).\n\
    atomicCompSwap(v[0], uintBitsToFloat(0x7fc00000u), 42.0);\n\
    atomicCompSwap(v[1], -0.0, 42.0);\n\
    color = (v[0] == 1.0 && v[1] == 42.0) ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n\
}\n\
\n\
[test]\n\
ssbo 0 8\n\
ssbo 0 subdata float 0 1.0\n\
ssbo 0 subdata float 4 0.0\n\
draw rect -1 -1 2 2\n\
probe all rgba 0.0 1.0 0.0 1.0\n\
";
