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

/// A vertex and fragment rule: one vertex shader, a fragment shader that links with it and
/// one that does not.
#[track_caller]
fn vf_rule(target: TargetEnv, vert: &str, good: &str, bad: &str, words: &[&str]) {
    rule(
        target,
        &[("vert", vert), ("frag", good)],
        &[("vert", vert), ("frag", bad)],
        words,
    );
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
    vf_rule(
        GL,
        &vs("out vec3 v;", "v = vec3(1.0);"),
        &fs("in vec3 v;", "c.xyz = v;"),
        &fs("in vec2 v;", "c.xy = v;"),
        &["fragment input `v`", "vertex output `v`", "vec2", "vec3"],
    );
}

#[test]
fn an_input_read_must_be_written() {
    // Declared but not read: allowed ("Input Variables").
    vf_rule(
        GL,
        VS_450,
        &fs("in float w;", ""),
        &fs("in float w;", "c.x = w;"),
        &[
            "fragment shader reads input `w`",
            "vertex shader does not write it",
        ],
    );
}

#[test]
fn explicit_locations_match_by_location_whatever_the_names() {
    // Vulkan-style interfaces: the names differ, the locations match.
    vf_rule(
        VK,
        &vs(
            "layout(location = 0) out vec3 a; layout(location = 1) out vec2 b;",
            "a = vec3(1.0); b = vec2(1.0);",
        ),
        &fs(
            "layout(location = 1) in vec2 a; layout(location = 0) in vec3 other;",
            "c.xy = a; c.z = other.x;",
        ),
        &fs("layout(location = 1) in vec3 a;", "c.xyz = a;"),
        &["fragment input `a`", "vertex output `b`", "location 1"],
    );
}

#[test]
fn vulkan_inputs_may_read_fewer_components() {
    let v = vs("layout(location = 0) out vec4 v;", "v = vec4(1.0);");
    let f = fs("layout(location = 0) in vec2 v;", "c.xy = v;");
    assert_eq!(link(VK, &[("vert", &v), ("frag", &f)]), Ok(()));
    let e = link(GL, &[("vert", &v), ("frag", &f)]).expect_err("GL: the types differ");
    assert!(e.message.contains("different types"), "{e}");
}

#[test]
fn redeclared_built_in_blocks_are_not_user_interfaces() {
    let gs = "#version 450\nlayout(triangles) in; layout(points, max_vertices = 1) out;\n\
              in gl_PerVertex { vec4 gl_Position; float gl_PointSize; } gl_in[];\n\
              in Data { vec4 a; } d[];\n\
              void main() { gl_Position = gl_in[0].gl_Position + d[0].a; EmitVertex(); }\n";
    let vert = |ty: &str| {
        format!(
            "#version 450\nout gl_PerVertex {{ vec4 gl_Position; }};\n\
             out Data {{ {ty} a; }} d;\n\
             void main() {{ d.a = {ty}(1.0); gl_Position = vec4(0.0); }}\n"
        )
    };
    rule(
        GL,
        &[("vert", &vert("vec4")), ("geom", gs), ("frag", FS_450)],
        &[("vert", &vert("vec3")), ("geom", gs), ("frag", FS_450)],
        &["geometry input block `Data`", "vertex output block `Data`"],
    );
}

#[test]
fn io_blocks_match_by_block_name() {
    vf_rule(
        GL,
        &vs("out Carrier { float a; } outer;", "outer.a = 1.0;"),
        &fs("in Carrier { float a; } inner;", "c.x = inner.a;"),
        &fs("in Carrier { int a; } inner;", "c.x = float(inner.a);"),
        &["input block `Carrier`"],
    );
}

#[test]
fn interfaces_compare_structures_without_their_names() {
    // Matched by name: the structure names may differ, the member names may not.
    vf_rule(
        GL,
        &vs("struct S { vec4 a; }; out S s;", "s.a = vec4(1.0);"),
        &fs("struct T { vec4 a; }; in T s;", "c = s.a;"),
        &fs("struct T { vec4 b; }; in T s;", "c = s.b;"),
        &["fragment input `s`", "different types"],
    );
    // Matched by location: neither names matter, the member types do.
    vf_rule(
        GL,
        &vs(
            "struct S { vec4 a; }; layout(location = 0) out S s;",
            "s.a = vec4(1.0);",
        ),
        &fs(
            "struct T { vec4 b; }; layout(location = 0) in T t;",
            "c = t.b;",
        ),
        &fs(
            "struct T { vec3 b; }; layout(location = 0) in T t;",
            "c.xyz = t.b;",
        ),
        &["fragment input `t`", "vertex output `s`", "different types"],
    );
}

#[test]
fn variables_covering_different_locations_are_not_compared() {
    // A `mat2` at location 0 takes locations 0 and 1; the `vec4` output at 0 feeds only its
    // first column (location aliasing, as glslang's link.crossStageIO programs): not a
    // type mismatch of one variable. The same footprint is compared.
    vf_rule(
        GL,
        &vs("layout(location = 0) out vec4 a;", "a = vec4(1.0);"),
        &fs("layout(location = 0) in mat2 m;", "c.xy = m[0];"),
        &fs("layout(location = 0) in vec3 m;", "c.xyz = m;"),
        &["fragment input `m`", "vertex output `a`", "vec3", "vec4"],
    );
}

#[test]
fn arrays_not_sized_yet_match_any_size() {
    // Declared without a size and never indexed: the link sizes it (glslang's
    // implicitArraySizeUniform).
    vf_rule(
        GL,
        &vs("uniform vec4 u[];", ""),
        &fs("uniform vec4 u[2];", "c = u[1];"),
        &fs("uniform vec3 u[2];", "c.xyz = u[1];"),
        &["uniform `u`", "different types"],
    );
}

#[test]
fn interpolation_must_match_in_glsl_es() {
    vf_rule(
        ES,
        &es_vs("out highp float v;", "v = 1.0;"),
        &es_fs("smooth in highp float v;", "c.x = v;"),
        &es_fs("flat in highp float v;", "c.x = v;"),
        &["interpolation", "fragment input `v`", "vertex output `v`"],
    );
}

#[test]
fn interpolation_may_differ_from_glsl_4_40() {
    let prog = |version: &str| {
        let v = format!(
            "#version {version}\nout float v;\nvoid main() {{ v = 1.0; gl_Position = vec4(0.0); }}\n"
        );
        let f = format!(
            "#version {version}\nflat in float v;\nout vec4 c;\nvoid main() {{ c = vec4(v); }}\n"
        );
        link(GL, &[("vert", &v), ("frag", &f)])
    };
    assert_eq!(prog("440"), Ok(()));
    assert_eq!(prog("450"), Ok(()));
    let e = prog("430").expect_err("GLSL 4.30: interpolation must match");
    assert!(e.message.contains("interpolation"), "{e}");
}

const TCS: &str = "layout(vertices = 3) out;";

fn tcs(decls: &str, body: &str) -> String {
    format!("#version 450\n{decls}\nvoid main() {{ gl_TessLevelOuter[0] = 1.0; {body} }}\n")
}

fn tes(decls: &str, body: &str) -> String {
    format!("#version 450\n{decls}\nvoid main() {{ gl_Position = vec4(0.0); {body} }}\n")
}

/// A vertex, tessellation and fragment rule: the tessellation control and evaluation
/// shaders of the program that links and of the one that does not.
#[track_caller]
fn tess_rule(vert: &str, good: [&str; 2], bad: [&str; 2], words: &[&str]) {
    rule(
        GL,
        &[
            ("vert", vert),
            ("tesc", good[0]),
            ("tese", good[1]),
            ("frag", FS_450),
        ],
        &[
            ("vert", vert),
            ("tesc", bad[0]),
            ("tese", bad[1]),
            ("frag", FS_450),
        ],
        words,
    );
}

#[test]
fn patch_must_match() {
    let control = tcs(&format!("{TCS} patch out float p;"), "p = 1.0;");
    tess_rule(
        VS_450,
        [
            &control,
            &tes(
                "layout(triangles) in; patch in float p;",
                "gl_Position.x = p;",
            ),
        ],
        [
            &control,
            &tes(
                "layout(triangles) in; in float p[];",
                "gl_Position.x = p[0];",
            ),
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
    let eval = tes("layout(triangles) in;", "");
    let control = |ty: &str| {
        tcs(
            &format!("{TCS} in {ty} v[];"),
            "gl_TessLevelOuter[1] = v[0].x;",
        )
    };
    tess_rule(
        &vs("out vec2 v;", "v = vec2(1.0);"),
        [&control("vec2"), &eval],
        [&control("vec3"), &eval],
        &["tessellation control input `v`", "vertex output `v`"],
    );
}

#[test]
fn every_stage_defines_main() {
    vf_rule(
        GL,
        VS_450,
        FS_450,
        "#version 450\nfloat f() { return 1.0; }\n",
        &["fragment shader does not define `main`"],
    );
}

#[test]
fn tessellation_layouts_are_required() {
    let eval = tes("layout(triangles) in;", "");
    let control = tcs(TCS, "");
    tess_rule(
        VS_450,
        [&control, &eval],
        [&tcs("", ""), &eval],
        &["tessellation control", "vertices"],
    );
    tess_rule(
        VS_450,
        [&control, &eval],
        [&control, &tes("layout(ccw) in;", "")],
        &["tessellation evaluation", "primitive mode"],
    );
}

#[test]
fn geometry_layouts_are_required_from_glsl_1_50() {
    let geom = |layout: &str| {
        format!(
            "#version 150\nlayout(triangles) in;\n{layout}\n\
             void main() {{ gl_Position = vec4(0.0); EmitVertex(); }}\n"
        )
    };
    rule(
        GL,
        &[
            ("vert", VS_450),
            ("geom", &geom("layout(points, max_vertices = 1) out;")),
        ],
        &[("vert", VS_450), ("geom", &geom("layout(points) out;"))],
        &["geometry shader", "max_vertices"],
    );
    // GL_ARB_geometry_shader4: the primitives are program parameters.
    let arb = "#version 110\n#extension GL_ARB_geometry_shader4 : enable\n\
               void main() { gl_Position = vec4(0.0); EmitVertex(); }\n";
    let v = "#version 110\nvoid main() { gl_Position = vec4(0.0); }\n";
    assert_eq!(link(GL, &[("vert", v), ("geom", arb)]), Ok(()));
}

#[test]
fn uniforms_match_in_type_across_stages() {
    vf_rule(
        GL,
        &vs("uniform float scale;", "gl_PointSize = scale;"),
        &fs("uniform float scale;", "c.x = scale;"),
        &fs("uniform vec2 scale;", "c.xy = scale;"),
        &["uniform `scale`", "vertex and fragment", "float", "vec2"],
    );
}

#[test]
fn uniform_block_array_sizes_match() {
    vf_rule(
        GL,
        &vs(
            "uniform Lights { vec4 c; } l[2];",
            "gl_PointSize = l[1].c.x;",
        ),
        &fs("uniform Lights { vec4 c; } m[2];", "c = m[0].c;"),
        &fs("uniform Lights { vec4 c; } m[3];", "c = m[0].c;"),
        &["uniform block `Lights`"],
    );
}

#[test]
fn uniform_precisions_match_in_glsl_es_only() {
    vf_rule(
        ES,
        &es_vs("uniform mediump float u;", "gl_PointSize = u;"),
        &es_fs("uniform mediump float u;", "c.x = u;"),
        &es_fs("uniform highp float u;", "c.x = u;"),
        &["uniform `u`", "precision"],
    );
    // Desktop GLSL: precision qualifiers mean nothing.
    let v = vs("uniform mediump float u;", "gl_PointSize = u;");
    let f = fs("uniform highp float u;", "c.x = u;");
    assert_eq!(link(GL, &[("vert", &v), ("frag", &f)]), Ok(()));
}

#[test]
fn uniform_block_packings_match() {
    vf_rule(
        GL,
        &vs(
            "layout(std140) uniform B { vec4 x; };",
            "gl_PointSize = x.x;",
        ),
        &fs("layout(std140) uniform B { vec4 x; };", "c = x;"),
        &fs("layout(shared) uniform B { vec4 x; };", "c = x;"),
        &["uniform block `B`", "std140", "shared"],
    );
}

#[test]
fn instance_names_are_given_in_every_stage_or_none() {
    vf_rule(
        GL,
        &vs("buffer Store { float x; } a;", "gl_PointSize = a.x;"),
        &fs("buffer Store { float x; } b;", "c.x = b.x;"),
        &fs("buffer Store { float x; };", "c.x = x;"),
        &[
            "buffer Store",
            "instance name in the vertex shader",
            "none in the fragment",
        ],
    );
}

#[test]
fn a_global_name_has_one_declaration() {
    vf_rule(
        GL,
        &vs("uniform Params { float level; };", "gl_PointSize = level;"),
        &fs("uniform float tint;", "c.x = tint;"),
        &fs("uniform float level;", "c.x = level;"),
        &["`level`", "uniform block `Params`", "default uniform block"],
    );
}

#[test]
fn uniform_bindings_match() {
    let frag = |b: u32| {
        fs(
            &format!("layout(binding = {b}) uniform sampler2D t;"),
            "c = texture(t, vec2(0.0));",
        )
    };
    vf_rule(
        GL,
        &vs(
            "layout(binding = 1) uniform sampler2D t;",
            "gl_PointSize = texture(t, vec2(0.0)).x;",
        ),
        &frag(1),
        &frag(2),
        &["uniform `t`", "bindings", "1 and 2"],
    );
}

#[test]
fn explicit_uniform_locations_do_not_overlap() {
    let frag = |decl: &str, name: &str| fs(decl, &format!("c.x = {name};"));
    vf_rule(
        GL,
        &vs(
            "layout(location = 0) uniform float w[3];",
            "gl_PointSize = w[2];",
        ),
        &frag("layout(location = 3) uniform float bias;", "bias"),
        &frag("layout(location = 2) uniform float bias;", "bias"),
        &["`bias`", "`w`", "overlapping"],
    );
    // One uniform in two stages: the same location.
    vf_rule(
        GL,
        &vs("layout(location = 1) uniform float g;", "gl_PointSize = g;"),
        &frag("layout(location = 1) uniform float g;", "g"),
        &frag("layout(location = 2) uniform float g;", "g"),
        &["uniform `g`", "locations"],
    );
}

#[test]
fn vulkan_stages_do_not_share_uniforms_by_name() {
    // Vulkan binds by set and binding: two stages may each have their own `B`.
    let v = vs(
        "layout(set = 0, binding = 0) uniform B { mat4 m; };",
        "gl_Position = m[0];",
    );
    let f = fs(
        "layout(set = 0, binding = 1) uniform B { vec4 tint; };",
        "c = tint;",
    );
    assert_eq!(link(VK, &[("vert", &v), ("frag", &f)]), Ok(()));
    let e = link(GL, &[("vert", &v), ("frag", &f)]).expect_err("GL: one block `B`");
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
    let frag = |decls: &str, body: &str| lower("frag", &es_fs(decls, body));
    let f_all = frag(
        "in mediump float tone; in mediump float extra;",
        "c.x = tone + extra;",
    );
    let f_some = frag("in mediump float tone;", "c.x = tone;");
    let f_prec = frag(
        "in highp float tone; in mediump float extra;",
        "c.x = tone + extra;",
    );
    assert_eq!(validate_pipeline(&[&v, &f_all], &[0, 1]), Ok(()));
    let e = validate_pipeline(&[&v, &f_some], &[0, 1]).expect_err("an output unconsumed");
    assert!(e.message.contains("vertex output `extra`"), "{e}");
    let e = validate_pipeline(&[&v, &f_prec], &[0, 1]).expect_err("precisions differ");
    assert!(e.message.contains("precision"), "{e}");
    // One program: not compared here (linking checked it).
    assert_eq!(validate_pipeline(&[&v, &f_some], &[0, 0]), Ok(()));
}

#[test]
fn compute_programs_declare_one_kind_of_local_size() {
    let fixed = "#version 430\nlayout(local_size_x = 2) in;\nvoid f();\nvoid main() { f(); }\n";
    let none = "#version 430\nvoid f();\nvoid main() { f(); }\n";
    let other = "#version 430\nvoid f() {}\n";
    let variable = "#version 430\n#extension GL_ARB_compute_variable_group_size : require\n\
                    layout(local_size_variable) in;\nvoid f() {}\n";
    // Declared in either unit, it counts for the stage.
    rule(
        GL,
        &[("comp", fixed), ("comp", other)],
        &[("comp", none), ("comp", other)],
        &["compute shader", "local size"],
    );
    rule(
        GL,
        &[("comp", none), ("comp", variable)],
        &[("comp", fixed), ("comp", variable)],
        &["compute shader", "both a fixed and a variable local size"],
    );
    // Vulkan shaders are not held to it here.
    assert_eq!(link(VK, &[("comp", none), ("comp", other)]), Ok(()));
}

#[test]
fn geometry_input_arrays_match_the_input_primitive_across_units() {
    let main = "#version 150\nlayout(lines) in;\nlayout(triangle_strip, max_vertices = 3) out;\n\
                void f(int i);\nvoid main() { f(0); f(1); }\n";
    let other = |n: u32| {
        format!(
            "#version 150\nin vec4 v[{n}];\nin B {{ vec4 w; }} b[{n}];\n\
             void f(int i) {{ gl_Position = v[i] + b[i].w; EmitVertex(); }}\n"
        )
    };
    rule(
        GL,
        &[("geom", main), ("geom", &other(2))],
        &[("geom", main), ("geom", &other(3))],
        &["geometry input", "3 elements", "2 vertices"],
    );
    // An unsized array the other unit indexes below the primitive's size links.
    let unsized_ = "#version 150
flat in int v[];
out vec4 c;
                    void f(int i) { c = vec4(float(v[0])); EmitVertex(); }
";
    assert_eq!(link(GL, &[("geom", main), ("geom", unsized_)]), Ok(()));
}

/// Before GLSL 4.20 (and in GLSL ES 1.00) an output and the input it feeds are both
/// declared `invariant` or neither; an output invariant only by `#pragma STDGL
/// invariant(all)` may feed either. From 4.20 on only the output may be invariant.
#[test]
fn invariance_matches_before_glsl_420() {
    let vs150 = |decls: &str| {
        format!("#version 150\nout vec4 v;\n{decls}\nvoid main() {{ v = vec4(1.0); gl_Position = v; }}\n")
    };
    let fs150 = |decls: &str| {
        format!("#version 150\nout vec4 c;\nin vec4 v;\n{decls}\nvoid main() {{ c = v; }}\n")
    };
    // Declared on the output: the input must be invariant too.
    vf_rule(
        GL,
        &vs150("invariant v;"),
        &fs150("invariant v;"),
        &fs150(""),
        &["fragment input `v`", "vertex output `v`", "`invariant`"],
    );
    // Declared on the input: so must the output be.
    rule(
        GL,
        &[
            ("vert", &vs150("invariant v;")),
            ("frag", &fs150("invariant v;")),
        ],
        &[("vert", &vs150("")), ("frag", &fs150("invariant v;"))],
        &["`invariant`"],
    );
    // The pragma makes the output invariant without requiring it of the input.
    let pragma = "#version 120\n#pragma STDGL invariant(all)\nvarying vec4 v;\n\
                  void main() { v = vec4(1.0); gl_Position = v; }\n";
    for fs in [
        "#version 120\nvarying vec4 v;\nvoid main() { gl_FragColor = v; }\n",
        "#version 120\ninvariant varying vec4 v;\nvoid main() { gl_FragColor = v; }\n",
    ] {
        if let Err(e) = link(GL, &[("vert", pragma), ("frag", fs)]) {
            panic!("{fs}: {e}");
        }
    }
    // GLSL ES 1.00.
    rule(
        ES,
        &[
            ("vert", "#version 100\ninvariant varying vec4 v;\nvoid main() { v = vec4(1.0); gl_Position = v; }\n"),
            ("frag", "#version 100\nprecision mediump float;\ninvariant varying vec4 v;\nvoid main() { gl_FragColor = v; }\n"),
        ],
        &[
            ("vert", "#version 100\ninvariant varying vec4 v;\nvoid main() { v = vec4(1.0); gl_Position = v; }\n"),
            ("frag", "#version 100\nprecision mediump float;\nvarying vec4 v;\nvoid main() { gl_FragColor = v; }\n"),
        ],
        &["`invariant`"],
    );
    // GLSL 4.50: an invariant output feeds a plain input.
    if let Err(e) = link(
        GL,
        &[
            ("vert", &vs("invariant out vec4 v;", "v = vec4(1.0);")),
            ("frag", &fs("in vec4 v;", "c = v;")),
        ],
    ) {
        panic!("4.50: {e}");
    }
}
