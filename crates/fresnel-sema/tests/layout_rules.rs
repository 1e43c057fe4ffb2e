//! Layout qualifier rules (check/layout.rs): for each rule, shaders that must compile and
//! shaders that must fail with a message naming the qualifier.

mod support;

use fresnel::{NoIncludes, Options, SourceInput, Stage, TargetEnv};
use support::{assert_fails, assert_ok, errors as errors_with};

fn errors(stage: Stage, src: &str) -> Vec<String> {
    errors_with(stage, TargetEnv::default(), src)
}

#[track_caller]
fn ok(stage: Stage, src: &str) {
    assert_ok(&errors(stage, src), src);
}

#[track_caller]
fn fails(stage: Stage, src: &str, needle: &str) {
    assert_fails(&errors(stage, src), src, needle);
}

use Stage::{
    Compute as C, Fragment as F, Geometry as G, TessControl as TC, TessEval as TE, Vertex as V,
};

// ---- location ----

#[test]
fn location_on_vertex_inputs_needs_330_or_explicit_attrib_location() {
    ok(
        V,
        "#version 330\nlayout(location = 0) in vec4 p;\nvoid main() { gl_Position = p; }\n",
    );
    ok(
        V,
        "#version 120\n#extension GL_ARB_explicit_attrib_location : require\nlayout(location = 0) in vec4 p;\nvoid main() { gl_Position = p; }\n",
    );
    fails(
        V,
        "#version 150\nlayout(location = 0) in vec4 p;\nvoid main() { gl_Position = p; }\n",
        "`location` on vertex shader inputs needs GLSL 330",
    );
}

#[test]
fn location_on_other_interfaces_needs_410_or_separate_shader_objects() {
    ok(
        F,
        "#version 150\n#extension GL_ARB_separate_shader_objects : require\nlayout(location = 1) in vec4 c;\nout vec4 o;\nvoid main() { o = c; }\n",
    );
    fails(
        F,
        "#version 120\n#extension GL_ARB_explicit_attrib_location : require\nlayout(location = 0) in vec4 c;\nvoid main() { gl_FragColor = c; }\n",
        "`location` on fragment shader inputs needs GLSL 410",
    );
    fails(
        V,
        "#version 330\nlayout(location = 0) out vec4 c;\nvoid main() { c = vec4(0.0); }\n",
        "`location` on vertex shader outputs needs GLSL 410",
    );
    // GLSL ES 3.00: only vertex inputs and fragment outputs.
    fails(
        F,
        "#version 300 es\nprecision mediump float;\nlayout(location = 0) in vec4 c;\nlayout(location = 0) out vec4 o;\nvoid main() { o = c; }\n",
        "`location` on fragment shader inputs needs GLSL ES 310",
    );
}

/// GL_KHR_vulkan_glsl requires a location on every user input and output when generating
/// SPIR-V, so Vulkan allows it at every version it takes (GLSL 1.40 on), blocks included.
#[test]
fn location_on_interfaces_is_always_allowed_for_vulkan() {
    let vk = TargetEnv::Vulkan { minor: 0 };
    let src = "#version 140\nlayout(location = 0) in vec4 p;\nlayout(location = 0) out vec4 c;\nvoid main() { gl_Position = p; c = p; }\n";
    let e = errors_with(V, vk, src);
    assert!(e.is_empty(), "{e:?}");
    let src = "#version 330 core\nlayout(location = 0) in vec3 p;\nlayout(location = 0) out vec3 c;\nlayout(location = 1) out Block { vec4 a; vec2 b; } blk;\nvoid main() { c = p; blk.a = vec4(p, 0.0); blk.b = p.xy; }\n";
    let e = errors_with(V, vk, src);
    assert!(e.is_empty(), "{e:?}");
    let src = "#version 330 core\nlayout(location = 2) in vec4 c;\nlayout(location = 0) out vec4 o;\nvoid main() { o = c; }\n";
    let e = errors_with(F, vk, src);
    assert!(e.is_empty(), "{e:?}");
    // OpenGL keeps the version rules.
    let e = errors_with(
        V,
        TargetEnv::OpenGl,
        "#version 330 core\nlayout(location = 0) out vec3 c;\nvoid main() { c = vec3(0.0); }\n",
    );
    assert!(e.iter().any(|m| m.contains("needs GLSL 410")), "{e:?}");
}

#[test]
fn location_not_with_attribute_or_plain_globals() {
    fails(
        V,
        "#version 120\n#extension GL_ARB_explicit_attrib_location : require\nlayout(location = 0) attribute vec4 p;\nvoid main() { gl_Position = p; }\n",
        "`location` cannot be used with `attribute`",
    );
    fails(
        F,
        "#version 450\nlayout(location = 0) vec4 c;\nvoid main() {}\n",
        "`location` applies only to inputs, outputs and uniforms",
    );
}

#[test]
fn uniform_locations_need_430_or_explicit_uniform_location() {
    ok(
        F,
        "#version 430\nlayout(location = 3) uniform vec4 u;\nout vec4 o;\nvoid main() { o = u; }\n",
    );
    ok(
        F,
        "#version 330\n#extension GL_ARB_explicit_uniform_location : require\nlayout(location = 3) uniform vec4 u;\nout vec4 o;\nvoid main() { o = u; }\n",
    );
    fails(
        F,
        "#version 330\nlayout(location = 3) uniform vec4 u;\nout vec4 o;\nvoid main() { o = u; }\n",
        "`location` on uniforms needs GLSL 430",
    );
    fails(
        F,
        "#version 430\nlayout(location = 3) uniform vec4 a[2];\nlayout(location = 4) uniform vec4 b;\nout vec4 o;\nvoid main() { o = a[0] + b; }\n",
        "uniform `b` uses location 4",
    );
}

#[test]
fn locations_of_a_stage_interface_must_not_overlap() {
    fails(
        V,
        "#version 410\nlayout(location = 0) out vec4 a[2];\nlayout(location = 1) out vec4 b;\nvoid main() {}\n",
        "output `b` uses location 1, which `a` already uses",
    );
    // Components make room for aliases of the same type.
    ok(
        V,
        "#version 440\nlayout(location = 0, component = 0) out vec2 a;\nlayout(location = 0, component = 2) out vec2 b;\nvoid main() {}\n",
    );
    fails(
        V,
        "#version 440\nlayout(location = 0, component = 0) out vec2 a;\nlayout(location = 0, component = 2) out ivec2 b;\nvoid main() {}\n",
        "must have the same numeric type",
    );
    // A dvec3 uses two components of its second location.
    ok(
        V,
        "#version 440\nlayout(location = 8) out dvec3 h;\nlayout(location = 9, component = 2) out double i;\nvoid main() {}\n",
    );
    fails(
        V,
        "#version 440\nlayout(location = 8) out dvec3 h;\nlayout(location = 9, component = 0) out double i;\nvoid main() {}\n",
        "uses location 9",
    );
    // Desktop vertex shader inputs may alias.
    ok(
        V,
        "#version 330\nlayout(location = 0) in mat4 m;\nlayout(location = 3) in vec4 p;\nvoid main() { gl_Position = m * p; }\n",
    );
}

// ---- component ----

#[test]
fn component_rules() {
    ok(
        V,
        "#version 440\nlayout(location = 4, component = 2) out vec2 a;\nlayout(location = 4, component = 1) out float b;\nvoid main() {}\n",
    );
    fails(
        V,
        "#version 440\nlayout(location = 3, component = 2) out vec3 c;\nvoid main() {}\n",
        "past component 3",
    );
    fails(
        V,
        "#version 440\nlayout(component = 1) out float c;\nvoid main() {}\n",
        "`component` needs a `location`",
    );
    fails(
        V,
        "#version 440\nlayout(location = 0, component = 1) out double d;\nvoid main() {}\n",
        "cannot start at component 1",
    );
    fails(
        V,
        "#version 440\nlayout(location = 0, component = 0) out dvec3 d;\nvoid main() {}\n",
        "cannot have a `component`",
    );
    fails(
        V,
        "#version 440\nlayout(location = 0, component = 0) out mat2 m;\nvoid main() {}\n",
        "`component` cannot be used on a matrix",
    );
    fails(
        F,
        "#version 440\nlayout(location = 1, component = 0) in block { float f; };\nout vec4 o;\nvoid main() { o = vec4(f); }\n",
        "`component` cannot be used on a block",
    );
    fails(
        V,
        "#version 410\nlayout(location = 0, component = 1) out float c;\nvoid main() {}\n",
        "layout qualifier `component` needs GLSL 440",
    );
}

// ---- index ----

#[test]
fn index_applies_to_fragment_outputs_with_a_location() {
    ok(
        F,
        "#version 330\nlayout(location = 0, index = 1) out vec4 factor;\nlayout(location = 0) out vec4 color;\nvoid main() { factor = color = vec4(1.0); }\n",
    );
    fails(
        F,
        "#version 330\nlayout(index = 0) out vec4 c;\nvoid main() { c = vec4(1.0); }\n",
        "`index` needs a `location`",
    );
    fails(
        F,
        "#version 330\nlayout(location = 0, index = 2) out vec4 c;\nvoid main() { c = vec4(1.0); }\n",
        "must be 0 or 1",
    );
    fails(
        V,
        "#version 410\nlayout(location = 0, index = 0) out vec4 c;\nvoid main() {}\n",
        "`index` applies only to fragment shader outputs",
    );
}

#[test]
fn index_on_subroutine_functions_needs_explicit_uniform_location() {
    ok(
        V,
        "#version 150\n#extension GL_ARB_shader_subroutine : require\n#extension GL_ARB_explicit_uniform_location : require\nsubroutine void func_type();\nlayout(index = 2) subroutine(func_type) void f() {}\nvoid main() {}\n",
    );
    fails(
        V,
        "#version 150\n#extension GL_ARB_shader_subroutine : require\nsubroutine void func_type();\nlayout(index = 2) subroutine(func_type) void f() {}\nvoid main() {}\n",
        "`index` on subroutine functions needs GLSL 430",
    );
    fails(
        V,
        "#version 450\nlayout(location = 2) void f() {}\nvoid main() {}\n",
        "cannot be used on a function",
    );
}

// ---- binding ----

#[test]
fn binding_needs_420_and_an_opaque_type_or_block() {
    ok(F, "#version 420\nlayout(binding = 1) uniform sampler2D s;\nout vec4 o;\nvoid main() { o = texture(s, vec2(0.0)); }\n");
    ok(F, "#version 420\nlayout(binding = 1, std140) uniform U { vec4 v; };\nout vec4 o;\nvoid main() { o = v; }\n");
    fails(
        F,
        "#version 410\nlayout(binding = 1) uniform sampler2D s;\nout vec4 o;\nvoid main() { o = texture(s, vec2(0.0)); }\n",
        "layout qualifier `binding` needs GLSL 420",
    );
    fails(
        F,
        "#version 420\nlayout(binding = 1) uniform vec4 u;\nout vec4 o;\nvoid main() { o = u; }\n",
        "`binding` needs a block, or a sampler, image or atomic counter type",
    );
    fails(
        F,
        "#version 430\nbuffer B { layout(binding = 2) float f; };\nout vec4 o;\nvoid main() { o = vec4(f); }\n",
        "`binding` cannot be used on a block member",
    );
    fails(
        F,
        "#version 430\nlayout(binding = 1) buffer;\nvoid main() {}\n",
        "`binding` cannot be given as a default",
    );
    fails(
        F,
        "#version 420\nlayout(binding = 0) in vec4 c;\nvoid main() {}\n",
        "`binding` applies only to uniforms",
    );
}

// ---- block packing, matrix order ----

#[test]
fn packing_placement() {
    ok(
        F,
        "#version 430\nlayout(std430) buffer B { vec4 v; };\nout vec4 o;\nvoid main() { o = v; }\n",
    );
    ok(F, "#version 430\nlayout(std140, row_major) uniform;\nuniform U { layout(column_major) mat4 m; };\nout vec4 o;\nvoid main() { o = m[0]; }\n");
    fails(
        F,
        "#version 430\nlayout(std430) uniform U { vec4 v; };\nout vec4 o;\nvoid main() { o = v; }\n",
        "`std430` can be used only on buffer blocks",
    );
    fails(
        F,
        "#version 140\nuniform U { layout(packed) vec4 v; };\nout vec4 o;\nvoid main() { o = v; }\n",
        "`packed` cannot be used on a block member",
    );
    fails(
        F,
        "#version 140\nlayout(std140) uniform vec4 v;\nout vec4 o;\nvoid main() { o = v; }\n",
        "`std140` can be used only on uniform and buffer blocks",
    );
    fails(
        F,
        "#version 150\nlayout(row_major) in vec4 v;\nout vec4 o;\nvoid main() { o = v; }\n",
        "`row_major` can be used only on uniform and buffer blocks",
    );
}

// ---- offset and align ----

#[test]
fn member_offsets() {
    ok(
        V,
        "#version 440\nlayout(std140) uniform U {\n  layout(offset = 0) vec4 a;\n  layout(offset = 32) vec4 b;\n};\nvoid main() { gl_Position = a + b; }\n",
    );
    fails(
        V,
        "#version 440\nlayout(shared) uniform U { layout(offset = 0) vec4 a; };\nvoid main() { gl_Position = a; }\n",
        "`offset` can be used only in blocks with the std140, std430 or scalar layout",
    );
    fails(
        V,
        "#version 440\nlayout(std140) uniform U { layout(offset = 8) vec4 a; };\nvoid main() { gl_Position = a; }\n",
        "is not a multiple of the base alignment 16",
    );
    fails(
        V,
        "#version 440\nlayout(std140) uniform U {\n  layout(offset = 32) vec4 a;\n  layout(offset = 0) vec4 b;\n};\nvoid main() { gl_Position = a + b; }\n",
        "lies before the end of the previous member",
    );
    fails(
        V,
        "#version 440\nlayout(std430) buffer B {\n  layout(offset = 8, align = 16) vec2 a;\n  layout(offset = 20) float b;\n};\nvoid main() { gl_Position = vec4(b); }\n",
        "lies before the end of the previous member",
    );
    fails(
        V,
        "#version 430\nlayout(std140) uniform U { layout(offset = 0) vec4 a; };\nvoid main() { gl_Position = a; }\n",
        "`offset` on block members needs GLSL 440",
    );
    fails(
        V,
        "#version 440\nlayout(std140, offset = 0) uniform U { vec4 a; };\nvoid main() { gl_Position = a; }\n",
        "`offset` applies to block members, not to blocks",
    );
    fails(
        V,
        "#version 440\nlayout(offset = 4) uniform float f;\nvoid main() { gl_Position = vec4(f); }\n",
        "`offset` can be used only on atomic counters and block members",
    );
}

#[test]
fn align_rules() {
    ok(
        V,
        "#version 440\nlayout(std140, align = 32) uniform U { vec4 a; layout(align = 64) vec4 b; };\nvoid main() { gl_Position = a + b; }\n",
    );
    fails(
        V,
        "#version 440\nlayout(std140) uniform U { layout(align = 20) vec4 a; };\nvoid main() { gl_Position = a; }\n",
        "`align` must be a power of two",
    );
    fails(
        V,
        "#version 440\nlayout(packed, align = 32) uniform U { vec4 a; };\nvoid main() { gl_Position = a; }\n",
        "`align` can be used only with std140, std430 or scalar block layouts",
    );
    fails(
        V,
        "#version 440\nlayout(align = 16) uniform vec4 a;\nvoid main() { gl_Position = a; }\n",
        "`align` can be used only on uniform and buffer blocks",
    );
}

// ---- transform feedback ----

#[test]
fn xfb_offsets_and_buffers() {
    ok(
        V,
        "#version 440\nlayout(xfb_buffer = 1, xfb_offset = 0) out vec4 a;\nlayout(xfb_buffer = 1, xfb_offset = 16) out vec4 b;\nvoid main() {}\n",
    );
    fails(
        V,
        "#version 440\nlayout(xfb_offset = 2) out float f;\nvoid main() {}\n",
        "must be a multiple of 4",
    );
    fails(
        V,
        "#version 440\nstruct S { float x; double y; };\nlayout(xfb_offset = 4) out S s;\nvoid main() {}\n",
        "must be a multiple of 8",
    );
    fails(
        V,
        "#version 440\nlayout(xfb_buffer = gl_MaxTransformFeedbackBuffers) out vec4 v;\nvoid main() {}\n",
        "`xfb_buffer` must be less than gl_MaxTransformFeedbackBuffers",
    );
    fails(
        V,
        "#version 440\nlayout(xfb_offset = 0) out;\nvoid main() {}\n",
        "`xfb_offset` can be used only on variables",
    );
    fails(
        V,
        "#version 440\nlayout(xfb_buffer = 1) out;\nout B { vec4 a; layout(xfb_buffer = 0) vec4 b; };\nvoid main() {}\n",
        "contradicts the block's transform feedback buffer 1",
    );
    fails(
        V,
        "#version 440\nlayout(xfb_offset = 0) out vec4 a;\nlayout(xfb_offset = 8) out vec4 b;\nvoid main() {}\n",
        "captures overlap",
    );
    fails(
        F,
        "#version 440\nlayout(xfb_offset = 0) out vec4 a;\nvoid main() {}\n",
        "applies only to outputs of vertex, tessellation and geometry shaders",
    );
    fails(
        V,
        "#version 430\nlayout(xfb_offset = 0) out vec4 a;\nvoid main() {}\n",
        "needs GLSL 440",
    );
}

#[test]
fn xfb_strides() {
    ok(
        V,
        "#version 440\nlayout(xfb_stride = 32) out;\nlayout(xfb_buffer = 0, xfb_stride = 32, xfb_offset = 16) out vec4 a;\nvoid main() {}\n",
    );
    fails(
        V,
        "#version 440\nlayout(xfb_stride = 32) out;\nlayout(xfb_stride = 16) out vec4 a;\nvoid main() {}\n",
        "contradicts its earlier stride 32",
    );
    fails(
        V,
        "#version 440\nlayout(xfb_stride = 16) out;\nlayout(xfb_offset = 8) out vec4 a;\nvoid main() {}\n",
        "past the `xfb_stride` 16",
    );
    fails(
        V,
        "#version 440\nlayout(xfb_stride = 6) out;\nvoid main() {}\n",
        "must be a multiple of 4",
    );
}

// ---- geometry streams ----

#[test]
fn stream_rules() {
    ok(
        G,
        "#version 400\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\nlayout(stream = 1) out vec4 s1;\nout B { layout(stream = 0) vec4 x; };\nvoid main() {}\n",
    );
    fails(
        G,
        "#version 400\nlayout(points, stream = 1) in;\nlayout(points, max_vertices = 1) out;\nvoid main() {}\n",
        "`stream` applies only to outputs",
    );
    fails(
        G,
        "#version 400\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\nout B { layout(stream = 1) vec4 x; };\nvoid main() {}\n",
        "contradicts the block's stream 0",
    );
    fails(
        G,
        "#version 400\nlayout(points) in;\nlayout(points, max_vertices = 1, stream = 4) out;\nvoid main() {}\n",
        "`stream` must be less than gl_MaxVertexStreams",
    );
    fails(
        V,
        "#version 400\nlayout(stream = 1) out vec4 v;\nvoid main() {}\n",
        "`stream` applies only to geometry shader outputs",
    );
}

// ---- stage layouts ----

#[test]
fn geometry_primitives_and_counts() {
    ok(G, "#version 150\nlayout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\nlayout(max_vertices = 3) out;\nvoid main() {}\n");
    fails(
        G,
        "#version 150\nlayout(line_strip) in;\nvoid main() {}\n",
        "`line_strip` cannot be used in `layout(...) in;`",
    );
    fails(
        G,
        "#version 150\nlayout(points, std140) in;\nvoid main() {}\n",
        "`std140` cannot be used in `layout(...) in;`",
    );
    fails(
        G,
        "#version 150\nlayout(points) out float c;\nvoid main() {}\n",
        "can be used only in a declaration without variables",
    );
    fails(
        G,
        "#version 150\nlayout(points) in;\nlayout(triangles) in;\nvoid main() {}\n",
        "input primitive `triangles` contradicts the earlier `points`",
    );
    fails(
        G,
        "#version 150\nlayout(lines) in;\nlayout(triangle_strip, max_vertices = 3) out;\nlayout(max_vertices = 2) out;\nvoid main() {}\n",
        "`max_vertices` = 2 contradicts the earlier declaration `max_vertices` = 3",
    );
    fails(
        G,
        "#version 150\nlayout(lines) in;\nlayout(triangle_strip) out;\nlayout(points) out;\nvoid main() {}\n",
        "output primitive `points` contradicts the earlier `triangle_strip`",
    );
    fails(
        G,
        "#version 150\n#extension GL_ARB_enhanced_layouts : require\nlayout(triangles) in;\nlayout(triangle_strip, max_vertices = -1) out;\nvoid main() {}\n",
        "`max_vertices` must not be negative",
    );
}

#[test]
fn invocations_rules() {
    ok(G, "#version 400\nlayout(points, invocations = 4) in;\nlayout(invocations = 4) in;\nlayout(points, max_vertices = 1) out;\nvoid main() {}\n");
    fails(
        G,
        "#version 400\nlayout(points, invocations = 4) in;\nlayout(invocations = 3) in;\nvoid main() {}\n",
        "`invocations` = 3 contradicts",
    );
    fails(
        G,
        "#version 150\nlayout(points, invocations = 2) in;\nvoid main() {}\n",
        "`invocations` needs GLSL 400",
    );
    fails(
        G,
        "#version 400\nlayout(points) in;\nlayout(points, max_vertices = 1, invocations = 1) out;\nvoid main() {}\n",
        "`invocations` cannot be used in `layout(...) out;`",
    );
}

#[test]
fn tessellation_layouts() {
    ok(
        TC,
        "#version 400\nlayout(vertices = 3) out;\nlayout(vertices = 3) out;\nvoid main() {}\n",
    );
    ok(
        TE,
        "#version 400\nlayout(triangles, equal_spacing, cw, point_mode) in;\nvoid main() {}\n",
    );
    fails(
        TC,
        "#version 400\nlayout(vertices = 3) out;\nlayout(vertices = 4) out;\nvoid main() {}\n",
        "`vertices` = 4 contradicts",
    );
    fails(
        TC,
        "#version 400\nlayout(vertices = 0) out;\nvoid main() {}\n",
        "`vertices` must be greater than zero",
    );
    fails(
        TE,
        "#version 400\nlayout(quads) in;\nlayout(isolines) in;\nvoid main() {}\n",
        "primitive mode `isolines` contradicts",
    );
    fails(
        G,
        "#version 400\nlayout(quads) in;\nvoid main() {}\n",
        "`quads` cannot be used in `layout(...) in;` in a geometry shader",
    );
    fails(
        TE,
        "#version 400\nlayout(triangles) in;\nlayout(equal_spacing) out;\nvoid main() {}\n",
        "`equal_spacing` cannot be used in `layout(...) out;`",
    );
}

#[test]
fn compute_local_size() {
    ok(C, "#version 430\nlayout(local_size_x = 8, local_size_y = 4) in;\nlayout(local_size_x = 8) in;\nvoid main() {}\n");
    fails(
        C,
        "#version 430\nlayout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;\nlayout(local_size_x = 1, local_size_y = 1, local_size_z = 2) in;\nvoid main() {}\n",
        "`local_size_z` = 2 contradicts",
    );
    // The last of repeated names in one declaration counts.
    fails(
        C,
        "#version 430\nlayout(local_size_z = 2) layout(local_size_z = 1) in;\nlayout(local_size_z = 2) in;\nvoid main() {}\n",
        "`local_size_z` = 2 contradicts the earlier declaration `local_size_z` = 1",
    );
    fails(
        C,
        "#version 430\nlayout(local_size_x = 0) in;\nvoid main() {}\n",
        "must be greater than zero",
    );
    fails(
        C,
        "#version 430\nlayout(local_size_x = 4096) in;\nvoid main() {}\n",
        "gl_MaxComputeWorkGroupSize",
    );
    fails(
        F,
        "#version 430\nlayout(local_size_x = 4) in;\nvoid main() {}\n",
        "`local_size_x` cannot be used in `layout(...) in;` in a fragment shader",
    );
    fails(
        C,
        "#version 430\n#extension GL_ARB_compute_variable_group_size : require\nlayout(local_size_x = 2) in;\nlayout(local_size_variable) in;\nvoid main() {}\n",
        "`local_size_variable` cannot be declared in a shader that declares a fixed work-group size",
    );
    fails(
        C,
        "#version 430\nvoid main() { uvec3 s = gl_WorkGroupSize; }\nlayout(local_size_x = 3) in;\n",
        "`gl_WorkGroupSize` is used before the work-group size is declared",
    );
}

#[test]
fn compute_derivative_groups() {
    ok(
        C,
        "#version 450\n#extension GL_NV_compute_shader_derivatives : require\nlayout(local_size_x = 4, local_size_y = 2) in;\nlayout(derivative_group_quadsNV) in;\nvoid main() {}\n",
    );
    fails(
        C,
        "#version 450\n#extension GL_NV_compute_shader_derivatives : require\nlayout(local_size_x = 3, local_size_y = 2) in;\nlayout(derivative_group_quadsNV) in;\nvoid main() {}\n",
        "multiples of two",
    );
    fails(
        C,
        "#version 450\n#extension GL_NV_compute_shader_derivatives : require\nlayout(local_size_x = 3, local_size_y = 3) in;\nlayout(derivative_group_linearNV) in;\nvoid main() {}\n",
        "multiple of four",
    );
}

#[test]
fn num_views_rules() {
    ok(V, "#version 330\n#extension GL_OVR_multiview : require\nlayout(num_views = 2) in;\nlayout(num_views = 2) in;\nvoid main() {}\n");
    fails(
        V,
        "#version 330\n#extension GL_OVR_multiview : require\nlayout(num_views = 3) in;\nlayout(num_views = 2) in;\nvoid main() {}\n",
        "`num_views` = 2 contradicts",
    );
    fails(
        F,
        "#version 330\n#extension GL_OVR_multiview : require\nlayout(num_views = 2) in;\nvoid main() {}\n",
        "`num_views` cannot be used in `layout(...) in;` in a fragment shader",
    );
}

#[test]
fn early_fragment_tests_forbid_depth_writes_in_es() {
    fails(
        F,
        "#version 310 es\nlayout(early_fragment_tests) in;\nvoid main() { gl_FragDepth = 0.5; }\n",
        "cannot write `gl_FragDepth`",
    );
    ok(
        F,
        "#version 420\nlayout(early_fragment_tests) in;\nvoid main() { gl_FragDepth = 0.5; }\n",
    );
}

#[test]
fn early_fragment_tests_rules() {
    ok(
        F,
        "#version 420\nlayout(early_fragment_tests) in;\nvoid main() {}\n",
    );
    fails(
        F,
        "#version 410\nlayout(early_fragment_tests) in;\nvoid main() {}\n",
        "`early_fragment_tests` needs GLSL 420",
    );
    fails(
        F,
        "#version 420\nlayout(early_fragment_tests) out;\nvoid main() {}\n",
        "`early_fragment_tests` cannot be used in `layout(...) out;`",
    );
    fails(
        V,
        "#version 420\nlayout(early_fragment_tests) in;\nvoid main() {}\n",
        "in a vertex shader",
    );
    fails(
        F,
        "#version 420\nlayout(early_fragment_tests) in vec4 c;\nvoid main() {}\n",
        "can be used only in a declaration without variables",
    );
}

// ---- gl_FragCoord and gl_FragDepth ----

#[test]
fn frag_coord_conventions() {
    ok(F, "#version 150\nlayout(origin_upper_left, pixel_center_integer) in vec4 gl_FragCoord;\nout vec4 o;\nvoid main() { o = gl_FragCoord; }\n");
    fails(
        F,
        "#version 150\nlayout(origin_upper_left) in vec4 foo;\nout vec4 o;\nvoid main() { o = foo; }\n",
        "`origin_upper_left` can be used only when redeclaring `gl_FragCoord`",
    );
    fails(
        F,
        "#version 150\nin vec4 gl_FragCoord;\nlayout(origin_upper_left, pixel_center_integer) in vec4 gl_FragCoord;\nout vec4 o;\nvoid main() { o = gl_FragCoord; }\n",
        "all redeclarations of `gl_FragCoord` must have the same layout qualifiers",
    );
    fails(
        F,
        "#version 140\nlayout(origin_upper_left) in vec4 gl_FragCoord;\nout vec4 o;\nvoid main() { o = gl_FragCoord; }\n",
        "needs GLSL 150 or GL_ARB_fragment_coord_conventions",
    );
}

#[test]
fn depth_layouts() {
    ok(F, "#version 420\nlayout(depth_greater) out float gl_FragDepth;\nvoid main() { gl_FragDepth = 1.0; }\n");
    fails(
        F,
        "#version 420\nlayout(depth_any) out float d;\nvoid main() { d = 1.0; }\n",
        "`depth_any` can be used only when redeclaring `gl_FragDepth`",
    );
    fails(
        F,
        "#version 420\nlayout(depth_greater) out float gl_FragDepth;\nlayout(depth_less) out float gl_FragDepth;\nvoid main() { gl_FragDepth = 1.0; }\n",
        "must use the same depth layout",
    );
    fails(
        F,
        "#version 410\nlayout(depth_greater) out float gl_FragDepth;\nvoid main() { gl_FragDepth = 1.0; }\n",
        "GL_ARB_conservative_depth",
    );
}

// ---- images ----

#[test]
fn image_formats() {
    ok(F, "#version 420\nlayout(r32f) uniform image2D a;\nlayout(rgba32i) uniform iimage2D b;\nlayout(r32ui) uniform uimage2D c;\nvoid main() {}\n");
    fails(
        F,
        "#version 420\nlayout(r32f) uniform iimage2D a;\nvoid main() {}\n",
        "format `r32f` does not match `iimage2D`",
    );
    fails(
        F,
        "#version 420\nlayout(r32i) uniform image2D a;\nvoid main() {}\n",
        "format `r32i` does not match `image2D`",
    );
    fails(
        F,
        "#version 420\nuniform B { layout(r32f) int x; };\nvoid main() {}\n",
        "format qualifier `r32f` applies only to images",
    );
    fails(
        F,
        "#version 420\nuniform image2D a;\nvoid main() {}\n",
        "needs a format layout qualifier unless it is `writeonly`",
    );
    ok(
        F,
        "#version 420\nwriteonly uniform image2D a;\nvoid main() {}\n",
    );
    fails(
        C,
        "#version 310 es\nlayout(local_size_x = 1) in;\nlayout(rg32f) readonly uniform highp image2D a;\nvoid main() {}\n",
        "image format `rg32f` is not available in GLSL ES",
    );
    fails(
        C,
        "#version 310 es\nlayout(local_size_x = 1) in;\nlayout(rgba8) uniform highp image2D a;\nvoid main() {}\n",
        "must be `readonly` or `writeonly`",
    );
    ok(C, "#version 310 es\nlayout(local_size_x = 1) in;\nlayout(r32f) uniform highp image2D a;\nvoid main() {}\n");
}

// ---- atomic counters ----

#[test]
fn atomic_counters() {
    ok(F, "#version 420\nlayout(binding = 0, offset = 4) uniform atomic_uint a;\nlayout(binding = 0, offset = 8) uniform atomic_uint b;\nvoid main() {}\n");
    fails(
        F,
        "#version 420\nlayout(offset = 4) uniform atomic_uint a;\nvoid main() {}\n",
        "atomic counters need a `binding`",
    );
    fails(
        F,
        "#version 420\nlayout(binding = 0, offset = 6) uniform atomic_uint a;\nvoid main() {}\n",
        "must be a multiple of 4",
    );
    // Defaults: `layout(binding = N, offset = M) uniform atomic_uint;` and each declaration
    // moves the binding's offset on.
    ok(
        F,
        "#version 420\nlayout(binding = 0, offset = 4) uniform atomic_uint;\nlayout(binding = 0) uniform atomic_uint a;\nlayout(binding = 0) uniform atomic_uint b[2];\nlayout(binding = 0, offset = 0) uniform atomic_uint c;\nvoid main() {}\n",
    );
    fails(
        F,
        "#version 420\nlayout(binding = 0) uniform atomic_uint a;\nlayout(binding = 0) uniform atomic_uint b[2];\nlayout(binding = 0, offset = 4) uniform atomic_uint c;\nvoid main() {}\n",
        "atomic counter `c` (binding 0, offset 4) overlaps `b`",
    );
    fails(
        F,
        "#version 420\nlayout(offset = 4) uniform atomic_uint;\nvoid main() {}\n",
        "needs a `binding`",
    );
    fails(
        F,
        "#version 420\nlayout(binding = 0) uniform atomic_uint a[2];\nlayout(binding = 0, offset = 4) uniform atomic_uint b;\nvoid main() {}\n",
        "atomic counter `b` (binding 0, offset 4) overlaps `a`",
    );
}

// ---- interface blocks and member locations ----

#[test]
fn block_member_locations() {
    ok(
        F,
        "#version 440\nin B { layout(location = 1) vec4 a; layout(location = 3) vec4 b; };\nout vec4 o;\nvoid main() { o = a + b; }\n",
    );
    ok(
        F,
        "#version 440\nlayout(location = 0) in B { vec4 a; layout(location = 3) vec4 b; vec4 c; };\nout vec4 o;\nvoid main() { o = a + b + c; }\n",
    );
    fails(
        F,
        "#version 440\nin B { vec4 a; layout(location = 1) vec4 b; };\nout vec4 o;\nvoid main() { o = a + b; }\n",
        "must give a `location` to all of its members or to none",
    );
    fails(
        V,
        "#version 440\nout B { layout(location = 1) float f; } b[2];\nvoid main() {}\n",
        "`location` cannot be used on members of a block array",
    );
    // Per-vertex arrays keep member locations.
    ok(
        G,
        "#version 440\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\nin B { layout(location = 1) vec4 a; } b[];\nvoid main() {}\n",
    );
    fails(
        F,
        "#version 430\nlayout(location = 1) uniform U { vec4 a; };\nout vec4 o;\nvoid main() { o = a; }\n",
        "`location` cannot be used on uniform or buffer blocks",
    );
    fails(
        F,
        "#version 430\nuniform U { layout(location = 1) vec4 a; };\nout vec4 o;\nvoid main() { o = a; }\n",
        "`location` can be used only on members of input and output blocks",
    );
    fails(
        F,
        "#version 430\nlayout(location = 1) in B { vec4 a; };\nout vec4 o;\nvoid main() { o = a; }\n",
        "`location` on input and output blocks needs GLSL 440",
    );
}

// ---- repetition and values ----

#[test]
fn repeated_layout_qualifiers_need_420pack() {
    ok(
        V,
        "#version 420\nlayout(location = 2) layout(location = 1) out vec3 v;\nvoid main() {}\n",
    );
    ok(
        V,
        "#version 140\n#extension GL_ARB_shading_language_420pack : require\n#extension GL_ARB_separate_shader_objects : require\nlayout(location = 2) layout(location = 1) out vec3 v;\nvoid main() {}\n",
    );
    fails(
        V,
        "#version 140\n#extension GL_ARB_separate_shader_objects : require\nlayout(location = 2) layout(location = 1) out vec3 v;\nvoid main() {}\n",
        "more than one layout qualifier in a declaration needs GLSL 420",
    );
    fails(
        G,
        "#version 150\nlayout(points, points) in;\nvoid main() {}\n",
        "layout qualifier `points` appears twice",
    );
    // Words that override each other: one per declaration before 4.20, the last one since.
    fails(
        G,
        "#version 150\nlayout(points, triangles) in;\nvoid main() {}\n",
        "only one input primitive can be declared",
    );
    ok(
        G,
        "#version 420\nlayout(points, triangles) in;\nlayout(triangles) in;\nvoid main() {}\n",
    );
}

#[test]
fn values_are_literals_before_440_and_in_es() {
    ok(V, "#version 440\nconst int start = 3;\nlayout(location = start + 2) in vec4 b;\nvoid main() { gl_Position = b; }\n");
    fails(
        V,
        "#version 430\nconst int start = 3;\nlayout(location = start + 2) in vec4 b;\nvoid main() { gl_Position = b; }\n",
        "must be an integer literal; constant expressions need GLSL 4.40",
    );
    fails(
        V,
        "#version 310 es\nlayout(location = 1 + 1) in vec4 b;\nvoid main() { gl_Position = b; }\n",
        "must be an integer literal in GLSL ES",
    );
    fails(
        V,
        "#version 440\nconst int start = 3;\nlayout(location = start - 5) in vec4 b;\nvoid main() { gl_Position = b; }\n",
        "must not be negative",
    );
}

#[test]
fn layout_on_locals_is_an_error() {
    fails(
        F,
        "#version 450\nvoid main() { layout(location = 0) vec4 x = vec4(1.0); }\n",
        "layout qualifiers cannot be used on local variables",
    );
}

#[test]
fn error_points_at_the_qualifier() {
    let src = "#version 330\nlayout(location = 0, index = 2) out vec4 c;\nvoid main() { c = vec4(1.0); }\n";
    let opts = Options {
        stage: Some(F),
        ..Default::default()
    };
    let run = fresnel::check(SourceInput::new("t.frag", src), &opts, &mut NoIncludes);
    let d = run
        .diagnostics
        .iter()
        .find(|d| d.message.contains("must be 0 or 1"))
        .expect("an index error");
    let span = d.span.expect("a span");
    assert_eq!(&src[span.start as usize..span.end as usize], "index = 2");
}

#[test]
fn vulkan_subpass_inputs_need_an_attachment_index() {
    let e = errors_with(
        F,
        TargetEnv::Vulkan { minor: 0 },
        "#version 450\nlayout(set = 0, binding = 0) uniform subpassInput s;\nlayout(location = 0) out vec4 o;\nvoid main() { o = subpassLoad(s); }\n",
    );
    assert!(
        e.iter()
            .any(|m| m.contains("needs an `input_attachment_index`")),
        "{e:?}"
    );
}

#[test]
fn extreme_values_do_not_panic() {
    // Only that checking completes (overflow checks are on in test builds).
    let shaders: &[(Stage, &str)] = &[
        (
            V,
            "#version 440\nlayout(location = 2147483647) out vec4 a[2];\nlayout(location = 2147483647, component = 3) out float b[4];\nlayout(xfb_offset = 2147483644, xfb_stride = 2147483644) out dvec4 x[1000];\nvoid main() {}\n",
        ),
        (
            C,
            "#version 450\n#extension GL_NV_compute_shader_derivatives : require\nlayout(local_size_x = 2147483647, local_size_y = 2147483647, local_size_z = 2147483647) in;\nlayout(derivative_group_linearNV) in;\nvoid main() {}\n",
        ),
        (
            F,
            "#version 440\nlayout(binding = 2147483647, offset = 2147483644) uniform atomic_uint a[4];\nlayout(binding = 2147483647) uniform atomic_uint b[100000];\nlayout(std140) uniform U { layout(offset = 2147483632) vec4 v[100000]; layout(align = 1073741824) float f; };\nvoid main() {}\n",
        ),
        (
            G,
            "#version 440\nlayout(points, invocations = 2147483647) in;\nlayout(points, max_vertices = 2147483647, stream = 2147483647) out;\nvoid main() {}\n",
        ),
    ];
    for (stage, src) in shaders {
        let _ = errors(*stage, src);
    }
}

// ---- descriptor_size (GL_EXT_structured_descriptor_heap) ----

#[test]
fn descriptor_size_only_on_heap_block_members_and_positive() {
    let vk = |src: String| errors_with(C, TargetEnv::Vulkan { minor: 2 }, &src);
    let head = "#version 460\n#extension GL_EXT_descriptor_heap : require\n#extension GL_EXT_structured_descriptor_heap : require\nlayout(local_size_x = 1) in;\n";
    let e = vk(format!("{head}resourceheap H {{ uint n; layout(descriptor_size = 64) texture2D t[2]; }} h;\nsamplerheap S {{ layout(descriptor_size = 32) sampler s; }} smp;\nvoid main() {{}}\n"));
    assert!(e.is_empty(), "{e:?}");
    for (src, needle) in [
        (
            "layout(descriptor_size = 16) uniform texture2D t;",
            "`descriptor_size` applies only to members of `resourceheap` and `samplerheap` blocks",
        ),
        (
            "layout(binding = 0) buffer B { layout(descriptor_size = 16) uint x; } b;",
            "`descriptor_size` applies only to members",
        ),
        (
            "resourceheap H { layout(descriptor_size = 0) texture2D t; } h;",
            "`descriptor_size` must be greater than zero",
        ),
    ] {
        let e = vk(format!("{head}{src}\nvoid main() {{}}\n"));
        assert!(e.iter().any(|m| m.contains(needle)), "{src}: {e:?}");
    }
}

/// Heap block members take `offset`; plain data must be aligned by the scalar rules (a
/// descriptor's alignment belongs to the client API and is not checked).
#[test]
fn heap_block_member_offsets_align_plain_data_by_the_scalar_rules() {
    let vk = |src: String| errors_with(C, TargetEnv::Vulkan { minor: 2 }, &src);
    let head = "#version 460\n#extension GL_EXT_descriptor_heap : require\n#extension GL_EXT_structured_descriptor_heap : require\nlayout(local_size_x = 1) in;\n";
    let e = vk(format!("{head}resourceheap H {{ layout(offset = 4) uint n; layout(offset = 12) vec3 v; layout(offset = 100) texture2D t; layout(offset = 7) uint8_t b[2]; }} h;\nvoid main() {{}}\n"));
    assert!(
        e.iter().all(|m| !m.contains("offset")),
        "aligned offsets: {e:?}"
    );
    for (src, needle) in [
        (
            "resourceheap H { layout(offset = 2) uint n; } h;",
            "`offset` 2 is not a multiple of the scalar alignment 4 of `uint`",
        ),
        (
            "resourceheap H { layout(offset = 12) dvec2 d; } h;",
            "`offset` 12 is not a multiple of the scalar alignment 8 of `dvec2`",
        ),
        (
            "samplerheap S { sampler s; layout(offset = 6) float f[2]; } smp;",
            "`offset` 6 is not a multiple of the scalar alignment 4",
        ),
    ] {
        let e = vk(format!("{head}{src}\nvoid main() {{}}\n"));
        assert!(e.iter().any(|m| m.contains(needle)), "{src}: {e:?}");
    }
}

/// GL_EXT_structured_descriptor_heap: a heap block's member may define its buffer-reference
/// block in place; anywhere else a block inside a block is still an error.
/// Heap blocks are accessed as buffer blocks are: only the last member may be an unsized
/// array, in desktop GLSL (no implicit sizing at link time) as in GLSL ES.
#[test]
fn only_the_last_heap_block_member_is_unsized() {
    let vk = |src: String| errors_with(C, TargetEnv::Vulkan { minor: 3 }, &src);
    let head = "#version 460\n#extension GL_EXT_descriptor_heap : require\n#extension GL_EXT_structured_descriptor_heap : require\nlayout(local_size_x = 1) in;\n";
    let e = vk(format!("{head}resourceheap H {{ uint n; texture2D t[]; }} h;\nsamplerheap S {{ sampler s[]; }} smp;\nvoid main() {{}}\n"));
    assert!(e.is_empty(), "{e:?}");
    for src in [
        "resourceheap H { texture2D t[]; uint n; } h;",
        "samplerheap S { sampler s[]; sampler t; } smp;",
    ] {
        let e = vk(format!("{head}{src}\nvoid main() {{}}\n"));
        assert!(
            e.iter()
                .any(|m| m.contains("only the last member of a heap block can be an unsized array")),
            "{src}: {e:?}"
        );
    }
}

#[test]
fn heap_members_may_define_buffer_reference_blocks_in_place() {
    let vk = |src: String| errors_with(C, TargetEnv::Vulkan { minor: 3 }, &src);
    let head = "#version 460\n#extension GL_EXT_descriptor_heap : require\n#extension GL_EXT_structured_descriptor_heap : require\n#extension GL_EXT_buffer_reference : require\nlayout(local_size_x = 1) in;\n";
    let e = vk(format!(
        "{head}resourceheap H {{ layout(buffer_reference, std430) buffer {{ uint d[]; }} r; }} h;\n\
         layout(binding = 0) buffer O {{ uint o; }} out_;\nvoid main() {{ out_.o = h.r.d[3]; }}\n"
    ));
    assert!(e.is_empty(), "{e:?}");
    for src in [
        // Not in a heap block.
        "layout(binding = 0) buffer B { layout(buffer_reference) buffer { uint d; } r; } b;",
        // Not a buffer reference.
        "resourceheap H { struct S { uint d; } s; } h;",
    ] {
        let e = vk(format!("{head}{src}\nvoid main() {{}}\n"));
        assert!(
            e.iter()
                .any(|m| m.contains("cannot be nested inside a struct or block")),
            "{src}: {e:?}"
        );
    }
}
