//! Core semantic rules (declarations, names, statements, calls): for each, a shader that must
//! compile and one that must fail with a message naming the problem.

mod support;

use fresnel::{Stage, TargetEnv};
use support::{assert_fails, assert_ok, errors as errors_with};

#[track_caller]
fn ok(stage: Stage, src: &str) {
    assert_ok(&errors_with(stage, TargetEnv::OpenGl, src), src);
}

#[track_caller]
fn fails(stage: Stage, src: &str, needle: &str) {
    assert_fails(&errors_with(stage, TargetEnv::OpenGl, src), src, needle);
}

use Stage::{Compute, Fragment, Vertex};

#[test]
fn implicitly_sized_arrays() {
    ok(
        Vertex,
        "#version 120\nvoid main() { float a[]; a[3] = 1.0; float a[4]; }\n",
    );
    fails(
        Vertex,
        "#version 120\nuniform int i;\nvoid main() { float a[]; a[i] = 1.0; }\n",
        "non-constant",
    );
    fails(
        Vertex,
        "#version 120\nvoid main() { float a[]; a[5] = 1.0; float a[3]; }\n",
        "index 5 was used",
    );
    fails(
        Vertex,
        "#version 120\nvoid main() { float a[]; a[1] = 1.0; int n = a.length(); }\n",
        "`.length()`",
    );
    fails(
        Vertex,
        "#version 120\nuniform float u[2];\nvoid main() { float b[]; b = u; }\n",
        "assigned",
    );
}

/// Only the last member of a buffer block is sized at run time; other block members declared
/// without a size stay unsized (blocks cannot be redeclared): constant indices only, no
/// `.length()`. Arrays without a size are never copied as a whole.
#[test]
fn unsized_block_members_and_whole_array_copies() {
    let head = "#version 450\n#extension GL_EXT_buffer_reference : require\n\
        layout(local_size_x = 1) in;\nuniform int i;\n\
        buffer B { int a[]; float r[]; } b;\nuniform U { int a[]; } u;\n\
        buffer A { int aa[]; float ar[]; };\n\
        layout(buffer_reference) buffer R { uint x[]; };\nlayout(std430) buffer P { R ref; };\n";
    ok(
        Compute,
        &format!(
            "{head}void main() {{ b.a[3] = u.a[2] + aa[1]; b.r[i] = float(b.r.length());\
             ar[i] = 1.0; ref.x[i] = uint(ar.length()); }}\n"
        ),
    );
    for (body, needle) in [
        (
            "b.a[i] = 1;",
            "block member `a` is an array declared without a size",
        ),
        (
            "int x = u.a[i];",
            "it can be indexed only with constant expressions",
        ),
        ("aa[i] = 1;", "block member `aa`"),
        (
            "int n = b.a.length();",
            "`.length()` cannot be called on it",
        ),
        (
            "int n = u.a.length();",
            "`.length()` cannot be called on it",
        ),
        (
            "float f[] = b.r;",
            "cannot be used as an initializer as a whole",
        ),
        ("float g[2]; b.r = g;", "cannot be assigned to as a whole"),
        ("float g[2]; g = ar;", "cannot be assigned as a whole"),
    ] {
        fails(
            Compute,
            &format!("{head}void main() {{ {body} }}\n"),
            needle,
        );
    }
}

/// ARB_bindless_texture: images in structures need a format unless `writeonly`; the
/// bindless/bound layout qualifiers only on uniform samplers and images; sampler and image
/// fragment inputs are `flat`.
#[test]
fn bindless_texture_rules() {
    let head = "#version 330\n#extension GL_ARB_bindless_texture : require\n\
        #extension GL_ARB_shader_image_load_store : enable\n";
    ok(
        Fragment,
        &format!(
            "{head}struct S {{ writeonly image2D img[2]; int y; }};\n\
             uniform Block {{ S s; }};\nlayout(bindless_sampler) uniform sampler2D t;\n\
             layout(bound_image) uniform writeonly image2D w;\nflat in sampler2D fs;\n\
             void main() {{ S a; }}\n"
        ),
    );
    for (decl, needle) in [
        (
            "struct { image2D imgs[6]; } s;",
            "an image member needs a format layout qualifier unless it is `writeonly`",
        ),
        (
            "struct I { image2D img; }; struct { I si[2]; } s;",
            "an image member needs a format layout qualifier",
        ),
        (
            "layout(bindless_image) uint i;",
            "`bindless_image` applies only to uniform images",
        ),
        (
            "layout(bound_sampler) uniform uint i;",
            "`bound_sampler` applies only to uniform samplers",
        ),
        (
            "layout(rgba8, bindless_image) in image2D i;",
            "`bindless_image` applies only to uniform images",
        ),
        (
            "in writeonly image2D image;",
            "sampler and image fragment shader inputs must be qualified `flat`",
        ),
    ] {
        fails(
            Fragment,
            &format!("{head}{decl}\nvoid main() {{}}\n"),
            needle,
        );
    }
}

#[test]
fn builtin_redeclaration() {
    ok(
        Vertex,
        "#version 120\nvarying vec4 gl_TexCoord[4];\nvoid main() { gl_Position = vec4(0.0); }\n",
    );
    fails(
        Vertex,
        "#version 110\nuniform vec4 gl_TexCoord[2];\nvoid main() {}\n",
        "own storage",
    );
    fails(Fragment, "#version 150\nvec4 p = gl_FragCoord;\nlayout(origin_upper_left) in vec4 gl_FragCoord;\nvoid main() {}\n", "before any use");
}

#[test]
fn invariance() {
    ok(
        Vertex,
        "#version 120\ninvariant gl_Position;\nvoid main() { gl_Position = vec4(0.0); }\n",
    );
    fails(
        Vertex,
        "#version 120\nvoid main() { gl_Position = vec4(0.0); }\ninvariant gl_Position;\n",
        "before any use",
    );
    fails(
        Vertex,
        "#version 120\ninvariant attribute vec2 x;\nvoid main() {}\n",
        "invariant",
    );
}

#[test]
fn function_rules() {
    fails(
        Fragment,
        "#version 120\nvoid main() { float f(float); }\n",
        "global scope",
    );
    fails(
        Vertex,
        "#version 120\nfloat f(int i) { return i; }\nvoid main() {}\n",
        "converted only from GLSL 4.20",
    );
    ok(
        Vertex,
        "#version 420\nfloat f(int i) { return i; }\nvoid main() {}\n",
    );
    fails(
        Vertex,
        "#version 110\nint f(out int i) { }\nvoid main() {}\n",
        "no `return`",
    );
    fails(
        Vertex,
        "#version 110\nvoid f(const in int i);\nvoid f(in int i) {}\nvoid main() {}\n",
        "qualifiers differ",
    );
    fails(Vertex, "#version 450\nint g(int n);\nint f(int n) { return g(n); }\nint g(int n) { return f(n); }\nvoid main() {}\n", "recursion");
}

#[test]
fn conversions_and_overloads() {
    // GLSL 1.30: no ranking, two candidates by conversion are ambiguous.
    fails(Vertex, "#version 130\nvoid f(vec4 x, out vec4 y) { y = x; }\nvoid f(vec4 x, out ivec4 y) { y = ivec4(x); }\nvoid main() { vec4 y; f(ivec4(1), y); }\n", "ambiguous");
    // GLSL 4.00: exact beats conversion; int->uint and int->float are not ordered.
    ok(Vertex, "#version 450\nvec4 f(vec4 a, vec4 b) { return a; }\nvec4 f(uvec4 a, uvec4 b) { return vec4(a); }\nuniform ivec4 u1; uniform uvec4 u2;\nvoid main() { gl_Position = f(u1, u2); }\n");
    // GLSL 1.10: no matrix-from-matrix constructors.
    fails(
        Vertex,
        "#version 110\nuniform mat3 a;\nvoid main() { mat2 m = mat2(a); }\n",
        "matrix from a matrix",
    );
}

#[test]
fn one_ten_namespaces() {
    ok(Vertex, "#version 110\nfloat foo() { return 0.5; }\nconst float foo = 1.0;\nvoid main() { gl_Position = vec4(foo - foo()); }\n");
    fails(
        Vertex,
        "#version 120\nfloat foo() { return 0.5; }\nconst float foo = 1.0;\nvoid main() {}\n",
        "already declared",
    );
}

#[test]
fn switch_labels() {
    fails(Fragment, "#version 300 es\nvoid main() { int i = 0; switch (i) { case 0: if (true) { case 1: break; } } }\n", "directly in the `switch` body");
    fails(
        Vertex,
        "#version 130\nvoid main() { switch (1) { case 0: } }\n",
        "followed by a statement",
    );
}

#[test]
fn precision_rules() {
    fails(
        Fragment,
        "#version 100\nvoid f() { lowp bool b; }\nvoid main() {}\n",
        "booleans",
    );
    fails(
        Fragment,
        "#version 100\nfloat get() { return 3.0; }\nvoid main() {}\n",
        "no precision",
    );
    fails(
        Fragment,
        "#version 130\nhighp struct s { highp float a; };\nvoid main() {}\n",
        "structures",
    );
}

#[test]
fn subroutines() {
    let ty = "#version 400\nsubroutine float T(vec4 c);\nsubroutine uniform T f;\n";
    ok(Fragment, &format!("{ty}subroutine(T) float R(vec4 p) {{ return p.r; }}\nout vec4 o;\nvoid main() {{ o = vec4(f(vec4(1.0))); }}\n"));
    fails(
        Fragment,
        &format!("{ty}subroutine(T) float R(ivec4 p) {{ return 0.0; }}\nvoid main() {{}}\n"),
        "does not match the subroutine type",
    );
    fails(
        Fragment,
        &format!(
            "{ty}subroutine(T) float R(vec4 p) {{ return p.r; }}\nvoid main() {{ f(1, 2); }}\n"
        ),
        "takes 1 arguments",
    );
    fails(
        Fragment,
        "#version 400\nsubroutine int x;\nvoid main() {}\n",
        "`subroutine`",
    );
}

#[test]
fn blocks() {
    fails(
        Vertex,
        "#version 300 es\nuniform Block { in mediump float v; };\nvoid main() {}\n",
        "different storage qualifier",
    );
    fails(
        Vertex,
        "#version 300 es\nuniform B { mediump vec4 m; } B;\nvoid main() {}\n",
        "block's own name",
    );
    fails(Vertex, "#version 300 es\nuniform B { mediump vec4 m; } b;\nuniform mediump vec4 B;\nvoid main() {}\n", "interface block");
    fails(Vertex, "#version 150\nuniform U { mat4 m; } u[2];\nuniform int i;\nvoid main() { gl_Position = u[i].m[0]; }\n", "constant expressions");
    ok(Vertex, "#version 450\nuniform U { mat4 m; } u[2];\nuniform int i;\nvoid main() { gl_Position = u[i].m[0]; }\n");
}

#[test]
fn extensions_take_effect_where_written() {
    fails(Compute, "#version 420\nlayout(local_size_x = 2) in;\n#extension GL_ARB_compute_shader : enable\nvoid main() {}\n", "local_size");
    ok(Compute, "#version 420\n#extension GL_ARB_compute_shader : enable\nlayout(local_size_x = 2) in;\nvoid main() {}\n");
    fails(Compute, "#version 450\nvoid f() { uint s = gl_SubgroupSize; }\n#extension GL_KHR_shader_subgroup_basic : enable\nlayout(local_size_x = 1) in;\nvoid main() {}\n", "gl_SubgroupSize");
}

#[test]
fn work_group_size_is_the_declared_size() {
    ok(Compute, "#version 450\nlayout(local_size_x = 64) in;\nshared float s[gl_WorkGroupSize.x];\nvoid main() { s[63] = 1.0; }\n");
    fails(Compute, "#version 450\nlayout(local_size_x = 64) in;\nshared float s[gl_WorkGroupSize.x];\nvoid main() { s[64] = 1.0; }\n", "out of range");
}

#[test]
fn es_limits() {
    let long = "a".repeat(1025);
    fails(
        Vertex,
        &format!("#version 300 es\nint {long};\nvoid main() {{}}\n"),
        "1024",
    );
    fails(
        Vertex,
        "#version 300 es\nstruct S { mediump float a[3]; };\nout S v;\nvoid main() {}\n",
        "structure containing an array",
    );
    fails(Fragment, "#version 100\nprecision mediump float;\nstruct F { float a[2]; };\nF f() { F x; return x; }\nvoid main() {}\n", "containing arrays");
    ok(Fragment, "#version 100\nprecision mediump float;\nint f(int x) { int x = 5; return x; }\nvoid main() {}\n");
}

#[test]
fn string_literals_and_attributes() {
    fails(
        Vertex,
        "#version 110\nvoid main() { int i = \"1\"; }\n",
        "string literals",
    );
    fails(
        Fragment,
        "#version 460\nvoid main() { [[unroll]] for (int i = 0; i < 2; ++i) {} }\n",
        "GL_EXT_control_flow_attributes",
    );
    ok(Fragment, "#version 460\n#extension GL_EXT_control_flow_attributes : enable\nvoid main() { [[unroll]] for (int i = 0; i < 2; ++i) {} }\n");
}

#[test]
fn memory_qualifiers_of_members() {
    fails(
        Vertex,
        "#version 430\nbuffer B { readonly float f; } b;\nvoid main() { b.f = 1.0; }\n",
        "`readonly`",
    );
    fails(Fragment, "#version 430\nbuffer B { writeonly float a; };\nout vec4 o;\nvoid main() { o = vec4(a); }\n", "`writeonly`");
    ok(Fragment, "#version 430\nbuffer B { writeonly float a[]; };\nvoid main() { a[0] = float(a.length()); }\n");
    fails(
        Fragment,
        "#version 430\nuniform U { readonly int a; };\nvoid main() {}\n",
        "memory qualifiers",
    );
}

#[test]
fn buffer_reference_arithmetic() {
    let head = "#version 450\n#extension GL_EXT_shader_explicit_arithmetic_types_int64 : enable\n#extension GL_EXT_buffer_reference2 : enable\nlayout(buffer_reference) buffer T { int x; int y; };\n";
    ok(Vertex, &format!("{head}const uint64_t s = uint64_t(T(uint64_t(0)) + 1);\nint a[int(s)];\nvoid main() {{ a[7] = 1; }}\n"));
    fails(Vertex, &format!("{head}const uint64_t s = uint64_t(T(uint64_t(0)) + 1);\nint a[int(s)];\nvoid main() {{ a[8] = 1; }}\n"), "out of range");
    fails(
        Vertex,
        &format!("{head}void main() {{ T a; T b; bool e = a == b; }}\n"),
        "buffer references",
    );
}

/// Constructor arguments are coerced with their context named only on an error; the messages
/// still name the element, the member and the type.
#[test]
fn constructor_argument_mismatches_name_their_place() {
    ok(
        Fragment,
        "#version 450\nstruct S { float x; vec2 y; };\nvoid main() { S s = S(1, vec2(2)); float a[2] = float[2](1, 2.0); }\n",
    );
    fails(
        Fragment,
        "#version 450\nstruct S { float x; vec2 y; };\nvoid main() { S s = S(1.0, vec3(2)); }\n",
        "member `y` of `S`: expected `vec2`, found `vec3`",
    );
    fails(
        Fragment,
        "#version 450\nvoid main() { float a[2] = float[2](1.0, vec2(2)); }\n",
        "element 2 of the array constructor: expected `float`, found `vec2`",
    );
    fails(
        Fragment,
        "#version 450\nstruct S { float x; };\nvoid main() { S s = S(1.0, 2.0); }\n",
        "the constructor of `S` needs 1 arguments (one per member), 2 given",
    );
}

/// GL_EXT_function_control_attributes: `[[inline]]` / `[[noinline]]` before the return type
/// or after the parameters, on prototypes too; never both, and declarations must agree.
#[test]
fn function_control_attributes() {
    let head =
        "#version 450\n#extension GL_EXT_function_control_attributes : enable\nout vec4 c;\n";
    ok(
        Fragment,
        &format!(
            "{head}[[inline]] int a(int i) {{ return i; }}\nint b(int i) [[noinline]] {{ return i; }}\n\
             [[inline]] int p(int i);\nint p(int i) {{ return i; }}\n\
             void main() {{ c = vec4(a(1) + b(2) + p(3)); }}\n"
        ),
    );
    fails(
        Fragment,
        &format!("{head}[[inline, noinline]] int a(int i) {{ return i; }}\nvoid main() {{ c = vec4(a(1)); }}\n"),
        "`inline` and `noinline` contradict each other",
    );
    fails(
        Fragment,
        &format!("{head}[[inline]] int p(int i);\n[[noinline]] int p(int i) {{ return i; }}\nvoid main() {{ c = vec4(p(1)); }}\n"),
        "`p` was declared `inline`, here `noinline`",
    );
    fails(
        Fragment,
        "#version 450\nout vec4 c;\n[[inline]] int a(int i) { return i; }\nvoid main() { c = vec4(a(1)); }\n",
        "GL_EXT_function_control_attributes",
    );
}

#[test]
fn arrays_of_arrays_take_every_unsized_size_from_the_initializer() {
    ok(
        Fragment,
        "#version 310 es\nprecision mediump float;\nout vec4 o;\nvoid main() {\n\
         float[][] x = float[3][3](float[3](1.0, 2.0, 3.0), float[3](1.0, 2.0, 3.0), float[3](1.0, 2.0, 3.0)),\n\
                   y = float[3][4](float[4](1.0, 2.0, 3.0, 4.0), float[4](1.0, 2.0, 3.0, 4.0), float[4](1.0, 2.0, 3.0, 4.0));\n\
         int z[][][] = int[][][](int[][](int[](1, 2), int[](3, 4)), int[][](int[](5, 6), int[](7, 8)));\n\
         o = vec4(float(x.length() + x[0].length() + y[2].length() + z[1][1].length()), y[2][3], float(z[1][0][1]), 0.0);\n}\n",
    );
    // Sized by their arguments, the elements of an array constructor must still agree.
    fails(
        Fragment,
        "#version 310 es\nvoid main() {\n int z[][] = int[][](int[](1, 2), int[](3, 4, 5));\n}\n",
        "must have one type",
    );
    // A declared size still has to match.
    fails(
        Fragment,
        "#version 310 es\nvoid main() {\n float x[][2] = float[2][3](float[3](1.0, 2.0, 3.0), float[3](1.0, 2.0, 3.0));\n}\n",
        "wrong type",
    );
}

#[test]
fn glsl_es_has_no_arrays_of_arrays_of_blocks() {
    fails(
        Vertex,
        "#version 310 es\nlayout(std140) uniform T { mat4 m; } t[2][2];\nvoid main() { gl_Position = t[1][1].m[0]; }\n",
        "no arrays of arrays of interface blocks",
    );
    fails(
        Fragment,
        "#version 310 es\nprecision mediump float;\nlayout(std430) buffer S { float f; } s[2][3];\nout vec4 o;\nvoid main() { o = vec4(s[0][0].f); }\n",
        "no arrays of arrays of interface blocks",
    );
    // Desktop GLSL allows them.
    ok(
        Vertex,
        "#version 430\nlayout(std140) uniform T { mat4 m; } t[2][2];\nvoid main() { gl_Position = t[1][1].m[0]; }\n",
    );
    // A per-vertex array of arrays of blocks is allowed in a geometry shader.
    ok(
        Stage::Geometry,
        "#version 320 es\nlayout(triangles) in;\nlayout(points, max_vertices = 1) out;\n\
         in B { highp float f; } b[][2];\nvoid main() { gl_Position = vec4(b[0][1].f); EmitVertex(); }\n",
    );
}

#[test]
fn in_const_parameters_where_qualifier_order_is_free() {
    let src = |head: &str| {
        format!("{head}void a(in const float x) {{}}\nvoid b(const in float x) {{}}\nvoid main() {{}}\n")
    };
    ok(Vertex, &src("#version 420\n"));
    ok(Vertex, &src("#version 310 es\n"));
    ok(
        Vertex,
        &src("#version 130\n#extension GL_ARB_shading_language_420pack : enable\n"),
    );
    fails(
        Vertex,
        &src("#version 130\n"),
        "more than one storage qualifier",
    );
    // Still a constant, and `out const` is never allowed.
    fails(
        Vertex,
        "#version 420\nvoid a(in const float x) { x = 1.0; }\nvoid main() {}\n",
        "is constant",
    );
    fails(
        Vertex,
        "#version 420\nvoid a(out const float x) {}\nvoid main() {}\n",
        "more than one storage qualifier",
    );
}

#[test]
fn block_members_cannot_take_reserved_names() {
    for inst in ["", " inst", " inst[2]"] {
        fails(
            Vertex,
            &format!(
                "#version 150\nout block {{\n    vec4 gl_Hoagie;\n}}{inst};\nvoid main() {{}}\n"
            ),
            "reserved",
        );
    }
    // Redeclaring a built-in block keeps its built-in names.
    ok(
        Vertex,
        "#version 150\nout gl_PerVertex {\n    vec4 gl_Position;\n};\nvoid main() { gl_Position = vec4(0.0); }\n",
    );
}

/// Before GLSL 4.00 only sampler arrays need constant indices; arrays of images and atomic
/// counters (from their ARB extensions) take any integral index.
#[test]
fn only_sampler_arrays_need_constant_indices_before_glsl_4_00() {
    let head = "#version 330\n#extension GL_ARB_shader_atomic_counters : require\n\
        #extension GL_ARB_shader_image_load_store : require\n\
        layout(binding = 0) uniform atomic_uint c[3];\n\
        layout(rgba8) uniform image2D img[2];\nuniform sampler2D s[2];\nuniform int i;\nout vec4 o;\n";
    let counters = format!(
        "{head}void main() {{ o = vec4(float(atomicCounterIncrement(c[i])) + imageLoad(img[i], ivec2(0)).x); }}\n"
    );
    ok(Fragment, &counters);
    let samplers = format!("{head}void main() {{ o = texture(s[i], vec2(0.0)); }}\n");
    fails(Fragment, &samplers, "constant expressions before GLSL 4.00");
}

/// `gl_SampleMaskIn` has the implementation's size (ceil(gl_MaxSamples / 32)), so it may be
/// indexed with a non-constant expression.
#[test]
fn sample_mask_in_takes_any_index() {
    ok(
        Fragment,
        "#version 400\nuniform int i;\nout vec4 o;\nvoid main() { o = vec4(float(gl_SampleMaskIn[i])); }\n",
    );
}

/// GLSL ES: "The default precision of all atomic types is highp. It is an error to declare an
/// atomic type with a different precision or to specify the default precision for an atomic
/// type to be lowp or mediump." Desktop GLSL has no precision rule for them.
#[test]
fn es_atomic_counters_are_highp() {
    let head = "#version 310 es\nlayout(local_size_x = 1) in;\n";
    ok(
        Compute,
        &format!("{head}precision highp atomic_uint;\nlayout(binding = 0) uniform highp atomic_uint a;\nlayout(binding = 0, offset = 4) uniform atomic_uint b;\nvoid main() {{ atomicCounterIncrement(a); atomicCounterIncrement(b); }}\n"),
    );
    fails(
        Compute,
        &format!("{head}layout(binding = 0) uniform mediump atomic_uint a;\nvoid main() {{ atomicCounterIncrement(a); }}\n"),
        "atomic counters can only be `highp`",
    );
    fails(
        Compute,
        &format!("{head}precision lowp atomic_uint;\nvoid main() {{}}\n"),
        "default precision of `atomic_uint` can only be `highp`",
    );
    ok(
        Compute,
        "#version 430\nlayout(local_size_x = 1) in;\nlayout(binding = 0) uniform mediump atomic_uint a;\nvoid main() { atomicCounterIncrement(a); }\n",
    );
}

/// "Member declarators can contain arrays. Such arrays must have a size specified" (GLSL and
/// GLSL ES "Structures"); only a buffer block's last member is sized at run time.
#[test]
fn struct_member_arrays_have_a_size() {
    ok(
        Fragment,
        "#version 450\nstruct S { float a[2]; float b[3][4]; };\nlayout(location = 0) out vec4 o;\nvoid main() { S s; s.a[1] = 1.0; o = vec4(s.a[1]); }\n",
    );
    fails(
        Fragment,
        "#version 450\nstruct S { float a[]; };\nlayout(location = 0) out vec4 o;\nvoid main() { o = vec4(1.0); }\n",
        "must have a size",
    );
    fails(
        Fragment,
        "#version 310 es\nprecision mediump float;\nstruct S { int d[][4]; };\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n",
        "must have a size",
    );
    ok(
        Compute,
        "#version 450\nlayout(local_size_x = 1) in;\nlayout(std430, binding = 0) buffer B { float a[]; };\nvoid main() { a[0] = 1.0; }\n",
    );
}

/// "It is a compile-time error ... to read from a buffer variable qualified with writeonly":
/// `++`, `--`, compound assignments and `inout` arguments read their target; a plain
/// assignment and an `out` argument do not.
#[test]
fn writeonly_read_modify_write() {
    let head = "#version 450\nlayout(local_size_x = 1) in;\nlayout(std430, binding = 0) writeonly buffer W { float v[4]; } wo;\nvoid set(out float x) { x = 1.0; }\nvoid bump(inout float x) { x += 1.0; }\n";
    ok(
        Compute,
        &format!("{head}void main() {{ wo.v[0] = 1.0; set(wo.v[1]); }}\n"),
    );
    for body in [
        "++wo.v[2];",
        "wo.v[2]--;",
        "wo.v[2] += 1.0;",
        "bump(wo.v[3]);",
    ] {
        fails(
            Compute,
            &format!("{head}void main() {{ {body} }}\n"),
            "a `writeonly` variable cannot be read",
        );
    }
}

/// GLSL ES: "All indices used to index a shader storage block array must be constant integral
/// expressions" in every version (uniform block arrays take dynamically uniform indices from
/// ES 3.20); desktop GLSL 4.00 and later takes dynamically uniform indices for both.
#[test]
fn es_buffer_block_arrays_take_constant_indices() {
    let body = "layout(local_size_x = 1) in;\nlayout(std430, binding = 0) buffer B { float x; } b[4];\nlayout(std140, binding = 0) uniform U { float y; } u[4];\nuniform int i;\n";
    ok(
        Compute,
        &format!("#version 320 es\n{body}void main() {{ b[2].x = u[i].y; }}\n"),
    );
    fails(
        Compute,
        &format!("#version 320 es\n{body}void main() {{ b[i].x = 1.0; }}\n"),
        "arrays of buffer blocks can be indexed only with constant expressions in GLSL ES",
    );
    fails(
        Compute,
        &format!("#version 310 es\n#extension GL_EXT_gpu_shader5 : require\n{body}void main() {{ b[i].x = 1.0; }}\n"),
        "in GLSL ES",
    );
    ok(
        Compute,
        &format!("#version 450\n{body}void main() {{ b[i].x = u[i].y; }}\n"),
    );
}

/// "The built-in functions dFdx, dFdy, and fwidth must return 0 when evaluated inside an
/// initializer with an argument that is a constant expression": such a call is a constant
/// expression; with a non-constant argument it is not.
#[test]
fn derivatives_of_constants_are_constant_zero() {
    ok(
        Fragment,
        "#version 120\nconst float dx = dFdx(0.5);\nconst vec2 dy = dFdy(vec2(1.0, 2.0));\n\
         const float fw = fwidth(3.0);\nfloat a[int(dx + fw) + 2];\n\
         void main() { gl_FragColor = vec4(dx, dy, a.length()); }\n",
    );
    ok(
        Fragment,
        "#version 450\n#extension GL_ARB_derivative_control : enable\nout vec4 c;\n\
         const float f = dFdxFine(1.0) + dFdyCoarse(2.0) + fwidthFine(3.0);\n\
         void main() { c = vec4(f); }\n",
    );
    fails(
        Fragment,
        "#version 120\nvarying float v;\nvoid main() { const float dx = dFdx(v); gl_FragColor = vec4(dx); }\n",
        "not a constant expression",
    );
}
