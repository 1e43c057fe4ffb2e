//! The program-level link checks (`validate_program`, `validate_pipeline`): for every rule a
//! program that links and one that does not, compiled from GLSL with the front end's
//! facts (`fresnel::shader_facts`). Every good program must link and every bad one must
//! fail with a message naming what is wrong.

use fresnel::{Options, SourceInput, TargetEnv};
use fresnel_ir::Shader;
use fresnel_link::{validate_pipeline, validate_program, LinkError, ShaderFacts};

const GL: TargetEnv = TargetEnv::OpenGl;
const ES: TargetEnv = TargetEnv::OpenGlEs;
const VK: TargetEnv = TargetEnv::Vulkan { minor: 0 };

/// Compiles one unit (`ext` names the stage).
fn unit(target: TargetEnv, ext: &str, src: &str) -> (Shader, ShaderFacts) {
    let name = format!("unit.{ext}");
    let opts = Options {
        target,
        ..Options::default()
    };
    let run = fresnel::lower_to_ir(
        SourceInput::new(&name, src),
        &opts,
        &mut fresnel::NoIncludes,
    );
    assert!(
        !run.has_errors(),
        "{ext}:\n{src}\n{}",
        run.render_diagnostics(fresnel::ErrorFormat::Human, false)
    );
    let facts = fresnel::shader_facts(&run, target).expect("facts");
    (run.ir.expect("IR"), facts)
}

/// Links the units of one program.
fn link(target: TargetEnv, units: &[(&str, &str)]) -> Result<(), LinkError> {
    let (irs, facts): (Vec<Shader>, Vec<ShaderFacts>) = units
        .iter()
        .map(|(ext, src)| unit(target, ext, src))
        .unzip();
    let refs: Vec<&Shader> = irs.iter().collect();
    validate_program(&refs, &facts)
}

/// `good` links; `bad` does not, with a message containing every one of `words`.
#[track_caller]
fn rule(target: TargetEnv, good: &[(&str, &str)], bad: &[(&str, &str)], words: &[&str]) {
    if let Err(e) = link(target, good) {
        panic!("the good program does not link: {e}");
    }
    match link(target, bad) {
        Ok(()) => panic!("the bad program links"),
        Err(e) => {
            for w in words {
                assert!(e.message.contains(w), "`{w}` not in: {e}");
            }
        }
    }
}

const VS_450: &str = "#version 450\nvoid main() { gl_Position = vec4(0.0); }\n";
const FS_450: &str = "#version 450\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n";

fn vs(decls: &str, body: &str) -> String {
    format!("#version 450\n{decls}\nvoid main() {{ {body} gl_Position = vec4(0.0); }}\n")
}

fn fs(decls: &str, body: &str) -> String {
    format!("#version 450\nout vec4 c;\n{decls}\nvoid main() {{ c = vec4(0.0); {body} }}\n")
}

fn es_vs(decls: &str, body: &str) -> String {
    format!("#version 310 es\n{decls}\nvoid main() {{ {body} gl_Position = vec4(0.0); }}\n")
}

fn es_fs(decls: &str, body: &str) -> String {
    format!(
        "#version 310 es\nprecision highp float;\nout vec4 c;\n{decls}\n\
         void main() {{ c = vec4(0.0); {body} }}\n"
    )
}

#[test]
fn varyings_match_in_type() {
    rule(
        GL,
        &[
            ("vert", &vs("out vec3 v;", "v = vec3(1.0);")),
            ("frag", &fs("in vec3 v;", "c.xyz = v;")),
        ],
        &[
            ("vert", &vs("out vec3 v;", "v = vec3(1.0);")),
            ("frag", &fs("in vec2 v;", "c.xy = v;")),
        ],
        &["fragment input `v`", "vertex output `v`", "vec2", "vec3"],
    );
}

#[test]
fn an_input_read_must_be_written() {
    // Declared but not read: allowed ("Input Variables").
    rule(
        GL,
        &[("vert", VS_450), ("frag", &fs("in float w;", ""))],
        &[("vert", VS_450), ("frag", &fs("in float w;", "c.x = w;"))],
        &[
            "fragment shader reads input `w`",
            "vertex shader does not write it",
        ],
    );
}

#[test]
fn explicit_locations_match_by_location_whatever_the_names() {
    // Vulkan-style interfaces: the names differ, the locations match.
    rule(
        VK,
        &[
            (
                "vert",
                &vs(
                    "layout(location = 0) out vec3 a; layout(location = 1) out vec2 b;",
                    "a = vec3(1.0); b = vec2(1.0);",
                ),
            ),
            (
                "frag",
                &fs(
                    "layout(location = 1) in vec2 a; layout(location = 0) in vec3 other;",
                    "c.xy = a; c.z = other.x;",
                ),
            ),
        ],
        &[
            (
                "vert",
                &vs(
                    "layout(location = 0) out vec3 a; layout(location = 1) out vec2 b;",
                    "a = vec3(1.0); b = vec2(1.0);",
                ),
            ),
            ("frag", &fs("layout(location = 1) in vec3 a;", "c.xyz = a;")),
        ],
        &["fragment input `a`", "vertex output `b`", "location 1"],
    );
}

#[test]
fn vulkan_inputs_may_read_fewer_components() {
    let prog = |t| {
        link(
            t,
            &[
                (
                    "vert",
                    &vs("layout(location = 0) out vec4 v;", "v = vec4(1.0);"),
                ),
                ("frag", &fs("layout(location = 0) in vec2 v;", "c.xy = v;")),
            ],
        )
    };
    assert_eq!(prog(VK), Ok(()));
    let e = prog(GL).expect_err("GL: the types differ");
    assert!(e.message.contains("different types"), "{e}");
}

#[test]
fn redeclared_built_in_blocks_are_not_user_interfaces() {
    let gs = "#version 450\nlayout(triangles) in; layout(points, max_vertices = 1) out;\n\
              in gl_PerVertex { vec4 gl_Position; float gl_PointSize; } gl_in[];\n\
              in Data { vec4 a; } d[];\n\
              void main() { gl_Position = gl_in[0].gl_Position + d[0].a; EmitVertex(); }\n";
    rule(
        GL,
        &[
            (
                "vert",
                "#version 450\nout gl_PerVertex { vec4 gl_Position; };\n\
                 out Data { vec4 a; } d;\n\
                 void main() { d.a = vec4(1.0); gl_Position = vec4(0.0); }\n",
            ),
            ("geom", gs),
            ("frag", FS_450),
        ],
        &[
            (
                "vert",
                "#version 450\nout gl_PerVertex { vec4 gl_Position; };\n\
                 out Data { vec3 a; } d;\n\
                 void main() { d.a = vec3(1.0); gl_Position = vec4(0.0); }\n",
            ),
            ("geom", gs),
            ("frag", FS_450),
        ],
        &["geometry input block `Data`", "vertex output block `Data`"],
    );
}

#[test]
fn io_blocks_match_by_block_name() {
    rule(
        GL,
        &[
            (
                "vert",
                &vs("out Carrier { float a; } outer;", "outer.a = 1.0;"),
            ),
            (
                "frag",
                &fs("in Carrier { float a; } inner;", "c.x = inner.a;"),
            ),
        ],
        &[
            (
                "vert",
                &vs("out Carrier { float a; } outer;", "outer.a = 1.0;"),
            ),
            (
                "frag",
                &fs("in Carrier { int a; } inner;", "c.x = float(inner.a);"),
            ),
        ],
        &["input block `Carrier`"],
    );
}

#[test]
fn interfaces_compare_structures_without_their_names() {
    rule(
        GL,
        &[
            (
                "vert",
                &vs(
                    "struct S { vec4 a; }; layout(location = 0) out S s;",
                    "s.a = vec4(1.0);",
                ),
            ),
            (
                "frag",
                &fs(
                    "struct T { vec4 a; }; layout(location = 0) in T t;",
                    "c = t.a;",
                ),
            ),
        ],
        &[
            (
                "vert",
                &vs(
                    "struct S { vec4 a; }; layout(location = 0) out S s;",
                    "s.a = vec4(1.0);",
                ),
            ),
            (
                "frag",
                &fs(
                    "struct T { vec4 b; }; layout(location = 0) in T t;",
                    "c = t.b;",
                ),
            ),
        ],
        &["different types"],
    );
}

#[test]
fn interpolation_must_match_in_glsl_es() {
    rule(
        ES,
        &[
            ("vert", &es_vs("flat out highp int v;", "v = 1;")),
            ("frag", &es_fs("flat in highp int v;", "c.x = float(v);")),
        ],
        &[
            ("vert", &es_vs("smooth out highp float v;", "v = 1.0;")),
            ("frag", &es_fs("flat in highp float v;", "c.x = v;")),
        ],
        &["interpolation", "fragment input `v`", "vertex output `v`"],
    );
}

#[test]
fn interpolation_may_differ_from_glsl_4_40() {
    let prog = |version: &str| {
        link(
            GL,
            &[
                (
                    "vert",
                    &format!(
                        "#version {version}\nout float v;\n\
                         void main() {{ v = 1.0; gl_Position = vec4(0.0); }}\n"
                    ),
                ),
                (
                    "frag",
                    &format!(
                        "#version {version}\nflat in float v;\nout vec4 c;\n\
                         void main() {{ c = vec4(v); }}\n"
                    ),
                ),
            ],
        )
    };
    assert_eq!(prog("440"), Ok(()));
    assert_eq!(prog("450"), Ok(()));
    let e = prog("430").expect_err("GLSL 4.30: interpolation must match");
    assert!(e.message.contains("interpolation"), "{e}");
}

const TCS: &str = "layout(vertices = 3) out;";
const TCS_BODY: &str = "gl_TessLevelOuter[0] = 1.0;";

fn tcs(decls: &str, body: &str) -> String {
    format!("#version 450\n{decls}\nvoid main() {{ {TCS_BODY} {body} }}\n")
}

fn tes(decls: &str, body: &str) -> String {
    format!("#version 450\n{decls}\nvoid main() {{ gl_Position = vec4(0.0); {body} }}\n")
}

#[test]
fn patch_must_match() {
    rule(
        GL,
        &[
            ("vert", VS_450),
            (
                "tesc",
                &tcs(&format!("{TCS} patch out float p;"), "p = 1.0;"),
            ),
            (
                "tese",
                &tes(
                    "layout(triangles) in; patch in float p;",
                    "gl_Position.x = p;",
                ),
            ),
            ("frag", FS_450),
        ],
        &[
            ("vert", VS_450),
            (
                "tesc",
                &tcs(&format!("{TCS} patch out float p;"), "p = 1.0;"),
            ),
            (
                "tese",
                &tes(
                    "layout(triangles) in; in float p[];",
                    "gl_Position.x = p[0];",
                ),
            ),
            ("frag", FS_450),
        ],
        &[
            "patch",
            "tessellation evaluation input `p`",
            "tessellation control output `p`",
        ],
    );
}

#[test]
fn per_vertex_arrays_compare_their_elements() {
    rule(
        GL,
        &[
            ("vert", &vs("out vec2 v;", "v = vec2(1.0);")),
            (
                "tesc",
                &tcs(
                    &format!("{TCS} in vec2 v[];"),
                    "gl_TessLevelOuter[1] = v[0].x;",
                ),
            ),
            ("tese", &tes("layout(triangles) in;", "")),
            ("frag", FS_450),
        ],
        &[
            ("vert", &vs("out vec2 v;", "v = vec2(1.0);")),
            (
                "tesc",
                &tcs(
                    &format!("{TCS} in vec3 v[];"),
                    "gl_TessLevelOuter[1] = v[0].x;",
                ),
            ),
            ("tese", &tes("layout(triangles) in;", "")),
            ("frag", FS_450),
        ],
        &["tessellation control input `v`", "vertex output `v`"],
    );
}

#[test]
fn every_stage_defines_main() {
    rule(
        GL,
        &[("vert", VS_450), ("frag", FS_450)],
        &[
            ("vert", VS_450),
            ("frag", "#version 450\nfloat f() { return 1.0; }\n"),
        ],
        &["fragment shader does not define `main`"],
    );
}

#[test]
fn tessellation_layouts_are_required() {
    let tes_ok = tes("layout(triangles) in;", "");
    rule(
        GL,
        &[("vert", VS_450), ("tesc", &tcs(TCS, "")), ("tese", &tes_ok)],
        &[("vert", VS_450), ("tesc", &tcs("", "")), ("tese", &tes_ok)],
        &["tessellation control", "vertices"],
    );
    rule(
        GL,
        &[("vert", VS_450), ("tesc", &tcs(TCS, "")), ("tese", &tes_ok)],
        &[
            ("vert", VS_450),
            ("tesc", &tcs(TCS, "")),
            ("tese", &tes("layout(ccw) in;", "")),
        ],
        &["tessellation evaluation", "primitive mode"],
    );
}

#[test]
fn geometry_layouts_are_required_from_glsl_1_50() {
    let body = "void main() { gl_Position = vec4(0.0); EmitVertex(); }\n";
    rule(
        GL,
        &[
            ("vert", VS_450),
            (
                "geom",
                &format!(
                    "#version 150\nlayout(triangles) in;\n\
                     layout(points, max_vertices = 1) out;\n{body}"
                ),
            ),
        ],
        &[
            ("vert", VS_450),
            (
                "geom",
                &format!("#version 150\nlayout(triangles) in;\nlayout(points) out;\n{body}"),
            ),
        ],
        &["geometry shader", "max_vertices"],
    );
    // GL_ARB_geometry_shader4: the primitives are program parameters.
    let arb = format!("#version 110\n#extension GL_ARB_geometry_shader4 : enable\n{body}");
    assert_eq!(
        link(
            GL,
            &[
                (
                    "vert",
                    "#version 110\nvoid main() { gl_Position = vec4(0.0); }\n"
                ),
                ("geom", &arb)
            ]
        ),
        Ok(())
    );
}

#[test]
fn uniforms_match_in_type_across_stages() {
    rule(
        GL,
        &[
            ("vert", &vs("uniform float scale;", "gl_PointSize = scale;")),
            ("frag", &fs("uniform float scale;", "c.x = scale;")),
        ],
        &[
            ("vert", &vs("uniform float scale;", "gl_PointSize = scale;")),
            ("frag", &fs("uniform vec2 scale;", "c.xy = scale;")),
        ],
        &["uniform `scale`", "vertex and fragment", "float", "vec2"],
    );
}

#[test]
fn uniform_block_array_sizes_match() {
    rule(
        GL,
        &[
            (
                "vert",
                &vs(
                    "uniform Lights { vec4 c; } l[2];",
                    "gl_PointSize = l[1].c.x;",
                ),
            ),
            (
                "frag",
                &fs("uniform Lights { vec4 c; } m[2];", "c = m[0].c;"),
            ),
        ],
        &[
            (
                "vert",
                &vs(
                    "uniform Lights { vec4 c; } l[2];",
                    "gl_PointSize = l[1].c.x;",
                ),
            ),
            (
                "frag",
                &fs("uniform Lights { vec4 c; } m[3];", "c = m[0].c;"),
            ),
        ],
        &["uniform block `Lights`"],
    );
}

#[test]
fn uniform_precisions_match_in_glsl_es_only() {
    let prog = |t, vs_src: &str, fs_src: &str| link(t, &[("vert", vs_src), ("frag", fs_src)]);
    let es_vs_src = es_vs("uniform mediump float u;", "gl_PointSize = u;");
    rule(
        ES,
        &[
            ("vert", &es_vs_src),
            ("frag", &es_fs("uniform mediump float u;", "c.x = u;")),
        ],
        &[
            ("vert", &es_vs_src),
            ("frag", &es_fs("uniform highp float u;", "c.x = u;")),
        ],
        &["uniform `u`", "precision"],
    );
    // Desktop GLSL: precision qualifiers mean nothing.
    assert_eq!(
        prog(
            GL,
            &vs("uniform mediump float u;", "gl_PointSize = u;"),
            &fs("uniform highp float u;", "c.x = u;")
        ),
        Ok(())
    );
}

#[test]
fn uniform_block_packings_match() {
    rule(
        GL,
        &[
            (
                "vert",
                &vs(
                    "layout(std140) uniform B { vec4 x; };",
                    "gl_PointSize = x.x;",
                ),
            ),
            (
                "frag",
                &fs("layout(std140) uniform B { vec4 x; };", "c = x;"),
            ),
        ],
        &[
            (
                "vert",
                &vs(
                    "layout(std140) uniform B { vec4 x; };",
                    "gl_PointSize = x.x;",
                ),
            ),
            (
                "frag",
                &fs("layout(shared) uniform B { vec4 x; };", "c = x;"),
            ),
        ],
        &["uniform block `B`", "std140", "shared"],
    );
}

#[test]
fn instance_names_are_given_in_every_stage_or_none() {
    rule(
        GL,
        &[
            (
                "vert",
                &vs("buffer Store { float x; } a;", "gl_PointSize = a.x;"),
            ),
            ("frag", &fs("buffer Store { float x; } b;", "c.x = b.x;")),
        ],
        &[
            (
                "vert",
                &vs("buffer Store { float x; } a;", "gl_PointSize = a.x;"),
            ),
            ("frag", &fs("buffer Store { float x; };", "c.x = x;")),
        ],
        &[
            "buffer Store",
            "instance name in the vertex shader",
            "none in the fragment",
        ],
    );
}

#[test]
fn a_global_name_has_one_declaration() {
    rule(
        GL,
        &[
            (
                "vert",
                &vs("uniform Params { float level; };", "gl_PointSize = level;"),
            ),
            ("frag", &fs("uniform float tint;", "c.x = tint;")),
        ],
        &[
            (
                "vert",
                &vs("uniform Params { float level; };", "gl_PointSize = level;"),
            ),
            ("frag", &fs("uniform float level;", "c.x = level;")),
        ],
        &["`level`", "uniform block `Params`", "default uniform block"],
    );
}

#[test]
fn uniform_bindings_match() {
    rule(
        GL,
        &[
            (
                "vert",
                &vs(
                    "layout(binding = 1) uniform sampler2D t;",
                    "gl_PointSize = texture(t, vec2(0.0)).x;",
                ),
            ),
            (
                "frag",
                &fs(
                    "layout(binding = 1) uniform sampler2D t;",
                    "c = texture(t, vec2(0.0));",
                ),
            ),
        ],
        &[
            (
                "vert",
                &vs(
                    "layout(binding = 1) uniform sampler2D t;",
                    "gl_PointSize = texture(t, vec2(0.0)).x;",
                ),
            ),
            (
                "frag",
                &fs(
                    "layout(binding = 2) uniform sampler2D t;",
                    "c = texture(t, vec2(0.0));",
                ),
            ),
        ],
        &["uniform `t`", "bindings", "1 and 2"],
    );
}

#[test]
fn explicit_uniform_locations_do_not_overlap() {
    rule(
        GL,
        &[
            (
                "vert",
                &vs(
                    "layout(location = 0) uniform float w[3];",
                    "gl_PointSize = w[2];",
                ),
            ),
            (
                "frag",
                &fs("layout(location = 3) uniform float bias;", "c.x = bias;"),
            ),
        ],
        &[
            (
                "vert",
                &vs(
                    "layout(location = 0) uniform float w[3];",
                    "gl_PointSize = w[2];",
                ),
            ),
            (
                "frag",
                &fs("layout(location = 2) uniform float bias;", "c.x = bias;"),
            ),
        ],
        &["`bias`", "`w`", "overlapping"],
    );
    // One uniform in two stages: the same location.
    rule(
        GL,
        &[
            (
                "vert",
                &vs("layout(location = 1) uniform float g;", "gl_PointSize = g;"),
            ),
            (
                "frag",
                &fs("layout(location = 1) uniform float g;", "c.x = g;"),
            ),
        ],
        &[
            (
                "vert",
                &vs("layout(location = 1) uniform float g;", "gl_PointSize = g;"),
            ),
            (
                "frag",
                &fs("layout(location = 2) uniform float g;", "c.x = g;"),
            ),
        ],
        &["uniform `g`", "locations"],
    );
}

#[test]
fn vulkan_stages_do_not_share_uniforms_by_name() {
    // Vulkan binds by set and binding: two stages may each have their own `B`.
    let prog = |t| {
        link(
            t,
            &[
                (
                    "vert",
                    &vs(
                        "layout(set = 0, binding = 0) uniform B { mat4 m; };",
                        "gl_Position = m[0];",
                    ),
                ),
                (
                    "frag",
                    &fs(
                        "layout(set = 0, binding = 1) uniform B { vec4 tint; };",
                        "c = tint;",
                    ),
                ),
            ],
        )
    };
    assert_eq!(prog(VK), Ok(()));
    let e = prog(GL).expect_err("GL: one block `B`");
    assert!(e.message.contains("uniform block `B`"), "{e}");
}

#[test]
fn separable_pipelines_match_exactly() {
    let lower = |ext: &str, src: &str| unit(ES, ext, src).0;
    let v = lower(
        "vert",
        &es_vs(
            "out mediump float tone; out mediump float extra;",
            "tone = 1.0; extra = 1.0;",
        ),
    );
    let f_all = lower(
        "frag",
        &es_fs(
            "in mediump float tone; in mediump float extra;",
            "c.x = tone + extra;",
        ),
    );
    let f_some = lower("frag", &es_fs("in mediump float tone;", "c.x = tone;"));
    let f_prec = lower(
        "frag",
        &es_fs(
            "in highp float tone; in mediump float extra;",
            "c.x = tone + extra;",
        ),
    );
    assert_eq!(validate_pipeline(&[&v, &f_all], &[0, 1]), Ok(()));
    let e = validate_pipeline(&[&v, &f_some], &[0, 1]).expect_err("an output unconsumed");
    assert!(e.message.contains("vertex output `extra`"), "{e}");
    let e = validate_pipeline(&[&v, &f_prec], &[0, 1]).expect_err("precisions differ");
    assert!(e.message.contains("precision"), "{e}");
    // One program: not compared here (linking checked it).
    assert_eq!(validate_pipeline(&[&v, &f_some], &[0, 0]), Ok(()));
}
