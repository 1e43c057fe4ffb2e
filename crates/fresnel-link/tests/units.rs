//! Linking compilation units of one stage (issue 4): a function called in one unit and
//! defined in another, shared globals; checked by validating and round-tripping the linked
//! IR and running it in the interpreter, and the link errors GLSL requires.

mod support;

use support::{lower, print};

use fresnel::{Options, SourceInput, TargetEnv};
use fresnel_interp::{Interp, Scalar};
use fresnel_ir::Shader;
use fresnel_link::{link_units, link_units_named, link_units_with, UnitLinkOptions};

/// `main` calls two functions the unit only declares, and sets a global the other unit
/// reads.
const MAIN_VS: &str = "#version 330
in vec4 a_pos;
out vec4 v_col;
uniform float u_k;
float g_count;
float scale(float x);
vec3 tint();
void main() {
    g_count = 2.0;
    v_col = vec4(tint() * scale(u_k), 1.0);
    gl_Position = a_pos;
}
";

/// Defines them (an overload of `scale` that nothing calls, and a helper only `tint`
/// calls).
const LIB_VS: &str = "#version 330
float g_count;
float scale(vec2 x) { return x.x; }
float scale(float x) { return x * g_count + 1.0; }
float helper(float y) { return y + 3.0; }
vec3 tint() { return vec3(0.5, 1.0, helper(scale(2.0))); }
";

fn run_vs(sh: &Shader, k: f64) -> Vec<f32> {
    let mut it = Interp::new(sh).expect("interp");
    it.set_uniform_scalars("u_k", &[Scalar::Float(k)])
        .expect("uniform");
    it.run_vertex(1).expect("run");
    it.output("v_col").expect("v_col")[0]
        .iter()
        .map(|b| f32::from_bits(*b as u32))
        .collect()
}

#[test]
fn unit_calling_undefined_functions_lowers_to_declarations() {
    let a = lower("main.vert", MAIN_VS);
    let text = print(&a);
    assert!(text.contains("declare fn"), "{text}");
    assert!(text.contains(" scale(in @"), "{text}");
    assert!(text.contains(" tint() -> @"), "{text}");
    let back = fresnel_ir::parse(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(print(&back), text);
    // Not runnable alone.
    let e = Interp::new(&a).err().expect("a declaration is called");
    assert!(
        e.to_string()
            .contains("declared but not defined in this stage's units"),
        "{e}"
    );
    let e = fresnel_backend::spirv::emit(&a, &Default::default()).expect_err("unlinked");
    assert!(
        e.message.contains("`scale`") || e.message.contains("`tint`"),
        "{e}"
    );
}

#[test]
fn linked_units_run_and_round_trip() {
    for order in [[0, 1], [1, 0]] {
        let units = [lower("main.vert", MAIN_VS), lower("lib.vert", LIB_VS)];
        let linked = link_units(order.iter().map(|&i| units[i].clone()).collect())
            .unwrap_or_else(|e| panic!("{e}"));
        fresnel_ir::validate(&linked).unwrap_or_else(|e| panic!("invalid linked IR: {e:?}"));
        assert!(linked.functions.values().all(|f| !f.is_declaration()));
        // Only what `main` reaches: main, scale(float), tint, helper.
        let mut names: Vec<&str> = linked.functions.values().map(|f| f.name.as_str()).collect();
        names.sort();
        assert_eq!(names, ["helper", "main", "scale", "tint"], "{order:?}");
        // One `g_count`, shared.
        assert_eq!(
            linked.vars.values().filter(|v| v.name == "g_count").count(),
            1
        );
        let text = print(&linked);
        let back = fresnel_ir::parse(&text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(print(&back), text);
        // scale(3) = 3 * 2 + 1 = 7; tint = (0.5, 1, (2 * 2 + 1) + 3 = 8).
        assert_eq!(run_vs(&linked, 3.0), [3.5, 7.0, 56.0, 1.0], "{order:?}");
        assert_eq!(run_vs(&linked, 0.0), [0.5, 1.0, 8.0, 1.0], "{order:?}");
    }
}

#[test]
fn missing_definition_is_a_link_error_naming_the_function() {
    let lib = "#version 330\nfloat g_count;\nfloat scale(float x) { return x; }\n";
    let e = link_units(vec![lower("main.vert", MAIN_VS), lower("lib.vert", lib)])
        .expect_err("tint is never defined");
    assert!(e.message.contains("`tint`"), "{e}");
    assert!(e.message.contains("no vertex unit defines it"), "{e}");
    // A declaration with another signature does not bind.
    let lib2 =
        "#version 330\nfloat scale(int x) { return 1.0; }\nvec3 tint() { return vec3(1.0); }\n";
    let e = link_units(vec![lower("main.vert", MAIN_VS), lower("lib.vert", lib2)])
        .expect_err("scale(float) is never defined");
    assert!(e.message.contains("`scale`"), "{e}");
}

#[test]
fn two_definitions_are_a_link_error() {
    let other = "#version 330\nvec3 tint() { return vec3(2.0); }\n";
    let e = link_units_named(vec![
        ("main.vert".into(), lower("main.vert", MAIN_VS)),
        ("lib.vert".into(), lower("lib.vert", LIB_VS)),
        ("other.vert".into(), lower("other.vert", other)),
    ])
    .expect_err("tint defined twice");
    assert_eq!(
        e.message,
        "function `tint` is defined in both lib.vert and other.vert"
    );
    let e = link_units(vec![lower("a.vert", MAIN_VS), lower("b.vert", MAIN_VS)])
        .expect_err("two mains");
    assert!(e.message.contains("`main` is defined in both"), "{e}");
    let e = link_units(vec![lower("lib.vert", LIB_VS)]).expect_err("no main");
    assert!(e.message.contains("no vertex unit defines `main`"), "{e}");
}

#[test]
fn global_type_mismatch_is_a_link_error_naming_both() {
    let lib = LIB_VS
        .replace("float g_count;", "vec2 g_count;")
        .replace("x * g_count + 1.0", "x * g_count.x + 1.0");
    let e = link_units_named(vec![
        ("main.vert".into(), lower("main.vert", MAIN_VS)),
        ("lib.vert".into(), lower("lib.vert", &lib)),
    ])
    .expect_err("g_count types differ");
    assert!(
        e.message.contains("`g_count` has type")
            && e.message.contains("main.vert")
            && e.message.contains("lib.vert"),
        "{e}"
    );
    // Different initializers.
    let a = "#version 330\nuniform float u = 1.0;\nfloat f();\nvoid main() { gl_Position = vec4(u + f()); }\n";
    let b = "#version 330\nuniform float u = 2.0;\nfloat f() { return u; }\n";
    let e = link_units(vec![lower("a.vert", a), lower("b.vert", b)]).expect_err("inits differ");
    assert!(e.message.contains("initializers for `u`"), "{e}");
    // `invariant` on one declaration only.
    let a = "#version 330\ninvariant out float v;\nvoid f();\nvoid main() { f(); gl_Position = vec4(v); }\n";
    let b = "#version 330\nout float v;\nvoid f() { v = 1.0; }\n";
    let e = link_units(vec![lower("a.vert", a), lower("b.vert", b)]).expect_err("invariant");
    assert!(e.message.contains("`invariant` qualifier"), "{e}");
    // Different stages.
    let f = "#version 330\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n";
    let e = link_units(vec![lower("a.vert", MAIN_VS), lower("b.frag", f)]).expect_err("stages");
    assert!(e.message.contains("of one stage"), "{e}");
}

#[test]
fn recursion_across_units_is_a_link_error() {
    let a = "#version 330\nfloat f(float x);\nfloat g(float x) { return f(x) + 1.0; }\nvoid main() { gl_Position = vec4(g(1.0)); }\n";
    let b = "#version 330\nfloat g(float x);\nfloat f(float x) { return g(x) * 2.0; }\n";
    let e = link_units(vec![lower("a.vert", a), lower("b.vert", b)]).expect_err("recursion");
    assert!(e.message.contains("recursive call"), "{e}");
}

#[test]
fn undefined_function_taking_a_sampler_is_a_compile_error() {
    let src = "#version 330\nuniform sampler2D s;\nvec4 look(sampler2D t);\nvoid main() { gl_Position = look(s); }\n";
    let run = fresnel::lower_to_ir(
        SourceInput::new("a.vert", src),
        &Options {
            stage: fresnel::Stage::from_extension("vert"),
            target: TargetEnv::OpenGl,
            ..Options::default()
        },
        &mut fresnel::NoIncludes,
    );
    let msg = run.render_diagnostics(fresnel::ErrorFormat::Human, false);
    assert!(run.has_errors(), "no error");
    assert!(
        msg.contains("`look` is declared but never defined in this unit"),
        "{msg}"
    );
}

#[test]
fn declaration_binds_through_implicit_conversions() {
    // GLSL 1.30: `int`/`uint` arguments convert to `float` parameters; `out` parameters
    // must match exactly; `int` to `uint` is not implicit before 4.00 (so the `uvec2`
    // overload is not a candidate).
    let a = "#version 130
in vec4 a_pos;
out vec4 v_col;
uniform int u_i;
float mix3(out float o, ivec2 a, uint b);
void main() {
    float o;
    float r = mix3(o, ivec2(u_i, 2), 5u);
    v_col = vec4(r, o, 0.0, 1.0);
    gl_Position = a_pos;
}
";
    let b = "#version 130
float mix3(out float o, vec2 a, float b) { o = b * 10.0; return a.x * 100.0 + a.y + b * 0.5; }
float mix3(out float o, uvec2 a, float b) { o = -1.0; return -1.0; }
";
    // Without implicit conversions (GLSL 1.10, GLSL ES) nothing matches.
    let e = link_units_with(
        vec![
            ("a.vert".into(), lower("a.vert", a)),
            ("b.vert".into(), lower("b.vert", b)),
        ],
        &UnitLinkOptions {
            implicit_conversions: false,
            es: false,
        },
    )
    .expect_err("no exact match");
    assert!(e.message.contains("`mix3`"), "{e}");
    let linked =
        link_units(vec![lower("a.vert", a), lower("b.vert", b)]).unwrap_or_else(|e| panic!("{e}"));
    fresnel_ir::validate(&linked).unwrap_or_else(|e| panic!("invalid linked IR: {e:?}"));
    let text = print(&linked);
    assert!(
        text.contains("= i2f 32x2") && text.contains("= u2f 32x1"),
        "{text}"
    );
    let mut it = Interp::new(&linked).expect("interp");
    it.set_uniform_scalars("u_i", &[Scalar::Int(3)])
        .expect("uniform");
    it.run_vertex(1).expect("run");
    let out: Vec<f32> = it.output("v_col").expect("v_col")[0]
        .iter()
        .map(|b| f32::from_bits(*b as u32))
        .collect();
    assert_eq!(out, [304.5, 50.0, 0.0, 1.0]);
    // GLSL 4.00 ranking: `int` to `float` is better than `int` to `double`; with only
    // two `double` overloads of two parameters each better in one, the call is ambiguous.
    let c = "#version 400
float f(double x) { return 1.0; }
float f(float x) { return 2.0; }
float g(double x, float y) { return 1.0; }
float g(float x, double y) { return 2.0; }
";
    let d = "#version 400
float f(int x);
void main() { gl_Position = vec4(f(1)); }
";
    let linked =
        link_units(vec![lower("d.vert", d), lower("c.vert", c)]).unwrap_or_else(|e| panic!("{e}"));
    let mut it = Interp::new(&linked).expect("interp");
    it.run_vertex(1).expect("run");
    let pos = it.output("gl_Position").expect("gl_Position")[0][0];
    assert_eq!(f32::from_bits(pos as u32), 2.0, "f(float) is chosen");
    let d2 = "#version 400
float g(int x, int y);
void main() { gl_Position = vec4(g(1, 2)); }
";
    let e = link_units(vec![lower("d.vert", d2), lower("c.vert", c)]).expect_err("ambiguous");
    assert!(e.message.contains("matches several definitions"), "{e}");
}

#[test]
fn linking_edited_units_never_panics() {
    // Every unit text with one line removed: whatever parses is linked without a panic
    // (an error or a valid shader).
    let texts = [
        print(&lower("main.vert", MAIN_VS)),
        print(&lower("lib.vert", LIB_VS)),
    ];
    let mut tried = 0;
    for which in 0..2 {
        let lines: Vec<&str> = texts[which].lines().collect();
        for skip in 0..lines.len() {
            let edited: String = lines
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != skip)
                .map(|(_, l)| format!("{l}\n"))
                .collect();
            let Ok(unit) = fresnel_ir::parse(&edited) else {
                continue;
            };
            let other = fresnel_ir::parse(&texts[1 - which]).expect("parses");
            tried += 1;
            let valid_in = fresnel_ir::validate(&unit).is_ok();
            let r = std::panic::catch_unwind(|| link_units(vec![unit, other]));
            let Ok(r) = r else {
                panic!("link_units panicked with line {skip} of unit {which} removed");
            };
            // Valid units link into a valid shader (or fail with an error).
            if let (true, Ok(sh)) = (valid_in, r) {
                if let Err(e) = fresnel_ir::validate(&sh) {
                    panic!("line {skip} of unit {which} removed: invalid linked IR {e:?}");
                }
            }
        }
    }
    assert!(tried > 20, "only {tried} edited units parsed");
}

#[test]
fn push_constant_blocks_and_es_units() {
    // Two push-constant blocks in one stage (one per unit).
    let a = "#version 450
layout(push_constant) uniform PA { float x; } pa;
float f();
void main() { gl_Position = vec4(pa.x + f()); }
";
    let b = "#version 450
layout(push_constant) uniform PB { float y; } pb;
float f() { return pb.y; }
";
    let lower_vk = |name: &str, src: &str| {
        let run = fresnel::lower_to_ir(
            SourceInput::new(name, src),
            &Options {
                stage: fresnel::Stage::from_extension("vert"),
                target: TargetEnv::Vulkan { minor: 0 },
                ..Options::default()
            },
            &mut fresnel::NoIncludes,
        );
        run.ir.expect("lowered")
    };
    let e = link_units(vec![lower_vk("a.vert", a), lower_vk("b.vert", b)])
        .expect_err("two push-constant blocks");
    assert!(e.message.contains("only one push_constant block"), "{e}");
    // The same block in both units is one block.
    let b2 = b
        .replace("PB { float y; } pb", "PA { float x; } pa")
        .replace("pb.y", "pa.x");
    let sh = link_units(vec![lower_vk("a.vert", a), lower_vk("b.vert", &b2)])
        .unwrap_or_else(|e| panic!("{e}"));
    fresnel_ir::validate(&sh).unwrap_or_else(|e| panic!("{e:?}"));
    // GLSL ES: one shader per stage.
    let e = link_units_with(
        vec![
            ("a.vert".into(), lower("a.vert", MAIN_VS)),
            ("b.vert".into(), lower("b.vert", LIB_VS)),
        ],
        &UnitLinkOptions {
            implicit_conversions: false,
            es: true,
        },
    )
    .expect_err("ES");
    assert!(
        e.message.contains("GLSL ES allows one vertex shader"),
        "{e}"
    );
}

#[test]
fn fragment_units_using_gl_frag_coord_agree_on_its_layout() {
    let main = |layout: &str| {
        format!(
            "#version 150\n{layout}\nout vec4 c;\nvoid f();\n\
             void main() {{ c = vec4(gl_FragCoord.xyz, 1.0); f(); }}\n"
        )
    };
    let other = |layout: &str| {
        format!("#version 150\n{layout}\nout vec4 c;\nvoid f() {{ c.a = gl_FragCoord.z; }}\n")
    };
    let both = "layout(origin_upper_left, pixel_center_integer) in vec4 gl_FragCoord;";
    let link = |a: String, b: String| {
        link_units(vec![lower("a.frag", &a), lower("b.frag", &b)]).map(|_| ())
    };
    assert!(link(main(both), other(both)).is_ok());
    // Different qualifiers, or a unit using it without the redeclaration.
    for b in [
        other("layout(origin_upper_left) in vec4 gl_FragCoord;"),
        other(""),
    ] {
        let e = link(main(both), b).expect_err("conflicting gl_FragCoord layouts");
        assert!(e.message.contains("gl_FragCoord layout"), "{e}");
    }
    // A unit that does not use it need not redeclare it.
    let none = "#version 150\nout vec4 c;\nvoid f() { c.a = 1.0; }\n".to_string();
    assert!(link(main(both), none).is_ok());
}

/// A geometry unit without the input layout never sizes `gl_in[]` (length 0 in its IR);
/// linked with the unit that has `layout(triangles) in`, every deref of the variable takes
/// the linked size, so the linked IR validates (it did not: the helper's derefs kept
/// `[0 x f32x4]` while the variable became `[3 x f32x4]`).
#[test]
fn implicitly_sized_inputs_take_the_linked_size_in_every_unit() {
    let main = "#version 150
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
out vec4 v;
vec4 foo();
void main() { v = gl_in[0].gl_Position + foo(); EmitVertex(); }
";
    let helper = "#version 150
vec4 foo() { return gl_in[2].gl_Position * 2.0; }
";
    for units in [
        vec![lower("a.geom", main), lower("b.geom", helper)],
        vec![lower("b.geom", helper), lower("a.geom", main)],
    ] {
        let linked = link_units(units).expect("links");
        fresnel_ir::validate(&linked).unwrap_or_else(|e| panic!("{e:?}\n{}", print(&linked)));
        let text = print(&linked);
        assert!(!text.contains("[0 x f32x4]"), "{text}");
    }
}
