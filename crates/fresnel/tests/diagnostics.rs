//! Snapshot tests of representative diagnostics, rendered as `fresnel check` prints them:
//! each names what was expected and what was found, points at the offending span, and adds
//! notes where they help. Review changes with `cargo insta review` (or run with
//! `INSTA_UPDATE=always` and read the diff).

use fresnel::{ErrorFormat, NoIncludes, Options, SourceInput, Stage, TargetEnv};

fn render(name: &str, stage: Stage, target: TargetEnv, src: &str) -> String {
    let opts = Options {
        stage: Some(stage),
        target,
        ..Default::default()
    };
    let file = format!("{name}.{}", stage.extension());
    let run = fresnel::check(SourceInput::new(&file, src), &opts, &mut NoIncludes);
    assert!(run.has_errors(), "{name}: expected an error");
    run.render_diagnostics(ErrorFormat::Human, false)
}

macro_rules! case {
    ($name:ident, $stage:ident, $src:expr) => {
        case!($name, $stage, TargetEnv::OpenGl, $src);
    };
    ($name:ident, $stage:ident, $target:expr, $src:expr) => {
        #[test]
        fn $name() {
            let text = render(stringify!($name), Stage::$stage, $target, $src);
            insta::assert_snapshot!(stringify!($name), text);
        }
    };
}

// ---- preprocessor and syntax ----
// Nested pasting doubles a token per level; the limit on made-up text stops it, and the
// parser, given a cut-short token stream, adds nothing.
case!(
    pp_pasting_past_the_scratch_limit,
    Fragment,
    "#version 450\n#define C(a) a##a\n#define D(a) C(a)\n\
     int D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(x)))))))))))))))))))))))))))))) = 1;\n\
     void main() {}\n"
);
case!(
    pp_unterminated_macro_call,
    Vertex,
    "#version 450\n#define f(x) x\nvoid main() { f(1; }\n"
);
case!(
    pp_error_directive,
    Fragment,
    "#version 450\n#if !defined(FOO)\n#error FOO must be defined\n#endif\nvoid main() {}\n"
);
case!(
    pp_extension_required_unknown,
    Vertex,
    "#version 450\n#extension GL_FOO_bar : require\nvoid main() {}\n"
);
case!(
    syntax_missing_semicolon,
    Vertex,
    "#version 450\nvoid main() {\n    float x = 1.0\n    x = 2.0;\n}\n"
);
case!(
    syntax_unbalanced_paren,
    Fragment,
    "#version 450\nout vec4 c;\nvoid main() { c = vec4((1.0, 2.0, 3.0, 4.0); }\n"
);

// ---- names and declarations ----
case!(
    undeclared_identifier,
    Vertex,
    "#version 450\nvoid main() { gl_Position = vec4(undefinedThing); }\n"
);
case!(
    redeclaration_same_scope,
    Vertex,
    "#version 450\nvoid main() {\n    float x = 1.0;\n    int x = 2;\n}\n"
);
case!(
    reserved_gl_prefix,
    Vertex,
    "#version 450\nfloat gl_myValue;\nvoid main() {}\n"
);
case!(
    void_variable,
    Vertex,
    "#version 450\nvoid v;\nvoid main() {}\n"
);
case!(
    local_function_prototype,
    Fragment,
    "#version 120\nvoid main() {\n    float helper(float);\n}\n"
);
case!(
    function_redefinition,
    Vertex,
    "#version 450\nfloat f() { return 1.0; }\nfloat f() { return 2.0; }\nvoid main() {}\n"
);
case!(
    return_type_overload_only,
    Vertex,
    "#version 450\nfloat f(int a);\nint f(int a) { return a; }\nvoid main() {}\n"
);

// ---- types and expressions ----
case!(
    assign_type_mismatch,
    Vertex,
    "#version 450\nvoid main() { vec3 v = vec4(1.0); }\n"
);
case!(
    binary_operand_mismatch,
    Vertex,
    "#version 450\nvoid main() { vec3 a = vec3(1.0); vec2 b = vec2(1.0); vec3 c = a + b; }\n"
);
case!(
    swizzle_out_of_range,
    Vertex,
    "#version 450\nvoid main() { vec2 v = vec2(1.0); float f = v.z; }\n"
);
case!(
    swizzle_repeated_write,
    Vertex,
    "#version 450\nvoid main() { vec4 v; v.xx = vec2(1.0); }\n"
);
case!(
    write_to_uniform,
    Fragment,
    "#version 450\nuniform float u;\nvoid main() { u = 1.0; }\n"
);
case!(
    index_out_of_range,
    Vertex,
    "#version 450\nvoid main() { float a[3]; a[3] = 1.0; }\n"
);
case!(
    array_size_not_constant,
    Vertex,
    "#version 450\nuniform int n;\nvoid main() { float a[n]; }\n"
);
case!(
    constructor_too_many_arguments,
    Vertex,
    "#version 450\nvoid main() { vec2 v = vec2(1.0, 2.0, 3.0); }\n"
);
case!(no_implicit_conversion_in_es, Fragment, "#version 300 es\nprecision mediump float;\nout vec4 c;\nvoid main() { float f = 1; c = vec4(f); }\n");
case!(
    condition_not_bool,
    Vertex,
    "#version 450\nvoid main() { int i = 1; if (i) { } }\n"
);

// ---- calls ----
case!(
    no_matching_overload,
    Vertex,
    "#version 450\nvoid main() { float x = dot(vec3(1.0), vec2(1.0)); }\n"
);
case!(ambiguous_call_120, Vertex, "#version 130\nvoid f(float a, int b) {}\nvoid f(int a, float b) {}\nvoid main() { f(1, 1); }\n");
case!(
    builtin_needs_extension,
    Fragment,
    "#version 450\nvoid main() { uint s = subgroupElect() ? 1u : 0u; }\n"
);
case!(
    builtin_wrong_stage,
    Vertex,
    "#version 450\nin vec2 uv;\nvoid main() { vec2 d = dFdx(uv); }\n"
);
case!(constant_argument_required, Fragment, "#version 450\nuniform sampler2D s;\nuniform ivec2 o;\nin vec2 uv;\nout vec4 c;\nvoid main() { c = textureOffset(s, uv, o); }\n");
case!(
    recursion,
    Vertex,
    "#version 450\nint f(int n) { return n <= 0 ? 0 : f(n - 1); }\nvoid main() {}\n"
);

// ---- statements ----
case!(
    break_outside_loop,
    Vertex,
    "#version 450\nvoid main() { break; }\n"
);
case!(
    case_type_mismatch_es,
    Fragment,
    "#version 300 es\nvoid main() { int i = 0; switch (i) { case 1u: break; } }\n"
);
case!(
    missing_return_value,
    Vertex,
    "#version 450\nfloat f() { return; }\nvoid main() {}\n"
);
case!(
    no_return_in_non_void,
    Vertex,
    "#version 450\nfloat f(float x) { x += 1.0; }\nvoid main() {}\n"
);

// ---- qualifiers, versions, extensions ----
case!(
    feature_needs_version,
    Vertex,
    "#version 120\nvoid main() { uint u = 1u; }\n"
);
case!(
    es_missing_default_precision,
    Fragment,
    "#version 100\nvarying vec2 uv;\nvoid main() { float f = uv.x; gl_FragColor = vec4(f); }\n"
);
case!(
    precision_on_bool,
    Fragment,
    "#version 300 es\nvoid main() { lowp bool b = true; }\n"
);
case!(
    invariant_after_use,
    Vertex,
    "#version 120\nvoid main() { gl_Position = vec4(0.0); }\ninvariant gl_Position;\n"
);
case!(implicit_array_variable_index, Vertex, "#version 120\nuniform int i;\nvoid main() { float a[]; a[2] = 1.0; gl_Position = vec4(a[i]); }\n");
case!(builtin_array_too_big, Vertex, "#version 120\nvarying vec4 gl_TexCoord[gl_MaxTextureCoords + 1];\nvoid main() { gl_Position = vec4(0.0); }\n");

// ---- layouts and interfaces ----
case!(location_overlap, Vertex, "#version 450\nlayout(location = 1) out vec4 a;\nlayout(location = 1) out vec2 b;\nvoid main() { a = vec4(0.0); b = vec2(1.0); }\n");
case!(
    layout_wrong_stage,
    Vertex,
    "#version 450\nlayout(early_fragment_tests) in;\nvoid main() {}\n"
);
case!(geometry_input_not_array, Geometry, "#version 450\nlayout(triangles) in;\nlayout(points, max_vertices = 1) out;\nin vec4 pos;\nvoid main() { EmitVertex(); }\n");
case!(
    fragcolor_and_fragdata,
    Fragment,
    "#version 110\nvoid main() { gl_FragColor = vec4(0.0); gl_FragData[0] = vec4(1.0); }\n"
);
case!(
    tesc_barrier_in_control_flow,
    TessControl,
    "#version 450\nlayout(vertices = 3) out;\nuniform bool b;\nvoid main() { if (b) barrier(); }\n"
);
case!(
    atomic_on_non_buffer,
    Compute,
    TargetEnv::Vulkan { minor: 1 },
    "#version 450\nlayout(local_size_x = 1) in;\nint z;\nvoid main() { atomicAdd(z, 1); }\n"
);
