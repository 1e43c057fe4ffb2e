//! Rules on the arguments of particular built-in functions (check/builtin_rules.rs): atomic
//! memory targets, memory scope and semantics, split barriers, subgroup constant arguments and
//! image atomic formats. For each rule, shaders that must compile and shaders that must fail
//! with a message naming what is wrong.

mod support;

use fresnel::{Stage, TargetEnv};
use support::{assert_fails, assert_ok, errors as errors_with};

const VK11: TargetEnv = TargetEnv::Vulkan { minor: 1 };
const VK12: TargetEnv = TargetEnv::Vulkan { minor: 2 };

#[track_caller]
fn ok_with(target: TargetEnv, src: &str) {
    assert_ok(&errors_with(Stage::Compute, target, src), src);
}

#[track_caller]
fn fails_with(target: TargetEnv, src: &str, needle: &str) {
    assert_fails(&errors_with(Stage::Compute, target, src), src, needle);
}

#[track_caller]
fn ok(src: &str) {
    ok_with(TargetEnv::default(), src)
}

#[track_caller]
fn fails(src: &str, needle: &str) {
    fails_with(TargetEnv::default(), src, needle)
}

// ---- atomic memory functions: the `mem` argument ----

#[test]
fn atomics_on_buffer_and_shared_variables() {
    ok("#version 450\nlayout(local_size_x = 1) in;\nshared int s[4];\nlayout(std430, binding = 0) buffer B { int x; uint u[]; } b;\nlayout(std430, binding = 1) buffer A { int y; };\nvoid main() {\n  atomicAdd(s[1], 1);\n  atomicMin(b.x, 2);\n  atomicCompSwap(b.u[3], 1u, 2u);\n  atomicExchange(y, 3);\n}\n");
}

#[test]
fn atomics_on_other_variables_fail() {
    fails(
        "#version 450\nlayout(local_size_x = 1) in;\nint z;\nvoid main() { atomicAdd(z, 1); }\n",
        "`z` is a global variable",
    );
    fails(
        "#version 450\nlayout(local_size_x = 1) in;\nvoid main() { int l = 0; atomicOr(l, 1); }\n",
        "`l` is a local variable",
    );
    fails(
        "#version 450\nlayout(local_size_x = 1) in;\nvoid f(inout uint p) { atomicAdd(p, 1u); }\nvoid main() { }\n",
        "`p` is a function parameter",
    );
}

#[test]
fn atomics_through_buffer_references() {
    let src = "#version 450\n#extension GL_EXT_buffer_reference : enable\n#extension GL_KHR_memory_scope_semantics : enable\nlayout(local_size_x = 1) in;\nlayout(buffer_reference) buffer Ref { uint x[]; };\nlayout(push_constant, std430) uniform PC { Ref guard; };\nlayout(push_constant, std430) uniform PC2 { Ref r; } pc2;\nvoid main() {\n  atomicStore(guard.x[0], 1u, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelease);\n  atomicAdd(pc2.r.x[1], 1u);\n  Ref l = guard;\n  atomicAdd(l.x[2], 1u);\n}\n";
    let e = errors_with(Stage::Compute, VK11, src);
    assert!(
        !e.iter().any(|m| m.contains("[atomic-target]")),
        "unexpected atomic-target error:\n{}",
        e.join("\n")
    );
}

// ---- memory scope and semantics ----

const MSS: &str = "#version 450\n#extension GL_KHR_memory_scope_semantics : require\nlayout(local_size_x = 1) in;\nshared uint value;\nlayout(binding = 0) buffer BufferU { coherent uint x; } bufferu;\nlayout(binding = 1, r32ui) coherent uniform uimage2D imageu;\n";

fn mss(body: &str) -> String {
    format!("{MSS}void main() {{\n  uint origu;\n  {body}\n}}\n")
}

#[test]
fn valid_scope_semantics() {
    for body in [
        "atomicStore(bufferu.x, value, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelease | gl_SemanticsMakeAvailable);",
        "origu = atomicLoad(bufferu.x, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsAcquire | gl_SemanticsMakeVisible | gl_SemanticsVolatile);",
        "origu = atomicAdd(bufferu.x, 1u, gl_ScopeDevice, 0, gl_SemanticsVolatile);",
        "atomicCompSwap(bufferu.x, 10u, 20u, gl_ScopeDevice, gl_StorageSemanticsBuffer | gl_StorageSemanticsShared, gl_SemanticsAcquireRelease, gl_StorageSemanticsBuffer, gl_SemanticsAcquire);",
        "atomicCompSwap(bufferu.x, 10u, 20u, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsAcquire, 0, 0);",
        "controlBarrier(gl_ScopeWorkgroup, gl_ScopeWorkgroup, 0, 0);",
        "memoryBarrier(gl_ScopeWorkgroup, gl_StorageSemanticsBuffer, gl_SemanticsAcquireRelease);",
        "imageAtomicStore(imageu, ivec2(0), 4u, gl_ScopeDevice, gl_StorageSemanticsImage, gl_SemanticsRelease);",
    ] {
        ok_with(VK11, &mss(body));
    }
}

#[test]
fn invalid_scope_semantics() {
    for (body, needle) in [
        ("atomicStore(bufferu.x, value, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsAcquire);", "is a store: its semantics must not include gl_SemanticsAcquire"),
        ("origu = imageAtomicLoad(imageu, ivec2(0), gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelease);", "is a load: its semantics must not include gl_SemanticsRelease"),
        ("origu = atomicLoad(bufferu.x, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsAcquireRelease);", "must not include gl_SemanticsAcquireRelease"),
        ("memoryBarrier(gl_ScopeWorkgroup, 0, 0);", "must include exactly one of"),
        ("atomicCompSwap(bufferu.x, 10u, value, gl_ScopeDevice, 0, gl_StorageSemanticsBuffer, 0, 0);", "may only combine gl_Semantics* values"),
        ("atomicCompSwap(bufferu.x, 10u, value, gl_ScopeDevice, gl_SemanticsAcquire, gl_SemanticsAcquire, 0, 0);", "may only combine gl_StorageSemantics* values"),
        ("atomicCompSwap(bufferu.x, 10u, value, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsAcquire | gl_SemanticsRelease, 0, 0);", "must not combine more than one of"),
        ("atomicCompSwap(bufferu.x, 10u, value, gl_ScopeDevice, 0, gl_SemanticsAcquireRelease, 0, 0);", "must not be gl_StorageSemanticsNone"),
        ("imageAtomicAdd(imageu, ivec2(0), value, gl_ScopeDevice, gl_StorageSemanticsImage, 0);", "must include one of gl_SemanticsAcquire"),
        ("atomicCompSwap(bufferu.x, 10u, value, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsAcquire | gl_SemanticsMakeAvailable, 0, 0);", "gl_SemanticsMakeAvailable needs"),
        ("atomicCompSwap(bufferu.x, 10u, value, gl_ScopeDevice, 0, gl_SemanticsMakeVisible, 0, 0);", "gl_SemanticsMakeVisible needs"),
        ("controlBarrier(gl_ScopeWorkgroup, gl_ScopeWorkgroup, 0, gl_SemanticsVolatile);", "gl_SemanticsVolatile cannot be used with `controlBarrier`"),
        ("atomicCompSwap(bufferu.x, 10u, value, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsAcquireRelease, gl_StorageSemanticsBuffer, gl_SemanticsRelease);", "semUnequal argument of `atomicCompSwap` (the semantics of a failed comparison"),
        ("atomicCompSwap(bufferu.x, 10u, value, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelease, gl_StorageSemanticsBuffer, gl_SemanticsAcquire);", "may include gl_SemanticsAcquire only when semEqual"),
        ("atomicCompSwap(bufferu.x, 10u, value, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsAcquire, gl_StorageSemanticsBuffer, gl_SemanticsAcquire | gl_SemanticsMakeVisible);", "may include gl_SemanticsMakeVisible only when semEqual"),
        ("atomicCompSwap(bufferu.x, 10u, value, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsAcquire, gl_StorageSemanticsShared, gl_SemanticsAcquire);", "gl_StorageSemanticsShared (0x100) is not in storageEqual"),
        ("atomicCompSwap(bufferu.x, 10u, value, gl_ScopeDevice, 0, gl_SemanticsVolatile, 0, 0);", "must both include gl_SemanticsVolatile or neither"),
    ] {
        fails_with(VK11, &mss(body), needle);
    }
}

// ---- GL_EXT_split_barrier ----

fn split(body: &str) -> String {
    format!("#version 450\n#extension GL_KHR_memory_scope_semantics : require\n#extension GL_EXT_split_barrier : require\nlayout(local_size_x = 1) in;\nvoid main() {{\n  {body}\n}}\n")
}

#[test]
fn split_barrier_semantics() {
    ok_with(VK11, &split("controlBarrierArrive(gl_ScopeWorkgroup, gl_ScopeWorkgroup, gl_StorageSemanticsNone, gl_SemanticsRelaxed);\n  controlBarrierWait(gl_ScopeWorkgroup, gl_ScopeWorkgroup, gl_StorageSemanticsNone, gl_SemanticsRelaxed);"));
    ok_with(VK11, &split("controlBarrierArrive(gl_ScopeWorkgroup, gl_ScopeWorkgroup, gl_StorageSemanticsBuffer | gl_StorageSemanticsShared, gl_SemanticsRelease | gl_SemanticsMakeAvailable);\n  controlBarrierWait(gl_ScopeWorkgroup, gl_ScopeWorkgroup, gl_StorageSemanticsBuffer, gl_SemanticsAcquire | gl_SemanticsMakeVisible);"));
    fails_with(VK11, &split("controlBarrierArrive(gl_ScopeWorkgroup, gl_ScopeWorkgroup, 0, gl_SemanticsRelease | gl_SemanticsVolatile);"), "gl_SemanticsVolatile cannot be used with `controlBarrierArrive`");
    fails_with(VK11, &split("controlBarrierArrive(gl_ScopeWorkgroup, gl_ScopeWorkgroup, gl_StorageSemanticsBuffer, gl_SemanticsAcquireRelease);"), "must be gl_SemanticsRelease, optionally with gl_SemanticsMakeAvailable");
    fails_with(VK11, &split("controlBarrierWait(gl_ScopeWorkgroup, gl_ScopeWorkgroup, gl_StorageSemanticsBuffer, gl_SemanticsAcquireRelease);"), "must be gl_SemanticsAcquire, optionally with gl_SemanticsMakeVisible");
    fails_with(VK11, &split("controlBarrierWait(gl_ScopeWorkgroup, gl_ScopeWorkgroup, gl_StorageSemanticsShared, gl_SemanticsRelaxed);"), "must include one of gl_SemanticsAcquire");
}

// ---- subgroup operations ----

const BALLOT: &str = "#version 450\n#extension GL_KHR_shader_subgroup_ballot : enable\nlayout(local_size_x = 8) in;\nlayout(std430, binding = 0) buffer B { float f[]; } b;\n";

#[test]
fn subgroup_broadcast_id_is_constant_before_vulkan_1_2() {
    let dynamic = format!("{BALLOT}void main() {{ uint i = gl_SubgroupInvocationID % 4u; b.f[0] = subgroupBroadcast(b.f[1], i); }}\n");
    let constant = format!("{BALLOT}void main() {{ b.f[0] = subgroupBroadcast(b.f[1], 3u); }}\n");
    fails_with(
        VK11,
        &dynamic,
        "the `id` argument of `subgroupBroadcast` must be a constant expression",
    );
    fails(
        &dynamic,
        "must be a constant expression when targeting OpenGL",
    );
    ok_with(VK12, &dynamic);
    ok_with(VK11, &constant);
}

#[test]
fn subgroup_cluster_size_is_a_power_of_two() {
    let src = |size: &str| {
        format!("#version 450\n#extension GL_KHR_shader_subgroup_clustered : enable\nlayout(local_size_x = 8) in;\nlayout(std430, binding = 0) buffer B {{ int i[]; }} b;\nvoid main() {{ b.i[0] = subgroupClusteredAdd(b.i[1], {size}); }}\n")
    };
    ok_with(VK11, &src("8u"));
    fails_with(VK11, &src("0u"), "must be at least 1; found 0");
    fails_with(VK11, &src("6u"), "must be a power of two; found 6");
    // A specialization constant could take any value: refused, as glslang does.
    let spec = src("N").replace(
        "layout(local_size_x = 8) in;",
        "layout(local_size_x = 8) in;\nlayout(constant_id = 0) const uint N = 4u;",
    );
    fails_with(
        VK11,
        &spec,
        "must be a compile-time constant, not a specialization constant",
    );
    fails_with(
        VK11,
        &spec.replace(", N)", ", N * 2u)"),
        "must be a compile-time constant, not a specialization constant",
    );
}

// ---- image atomics ----

#[test]
fn image_atomics_need_an_atomic_format() {
    ok("#version 450\nlayout(local_size_x = 1) in;\nlayout(binding = 0, r32ui) uniform uimage2D a[2];\nlayout(binding = 1, r32i) uniform iimage2D b;\nvoid main() { imageAtomicAdd(a[1], ivec2(0), 1u); imageAtomicMax(b, ivec2(0), 1); }\n");
    fails(
        "#version 450\nlayout(local_size_x = 1) in;\nlayout(binding = 0, rgba32ui) uniform uimage2D a;\nvoid main() { imageAtomicAdd(a, ivec2(0), 1u); }\n",
        "needs an image declared with format `r32i` or `r32ui`; `a` has format `rgba32ui`",
    );
    fails(
        "#version 450\nlayout(local_size_x = 1) in;\nlayout(binding = 0, r32ui) uniform uimage1D img;\nvoid apply(uimage1D image) { imageAtomicOr(image, 0, 1u); }\nvoid main() { }\n",
        "`image` is a function parameter, which has no format qualifier",
    );
    fails(
        "#version 320 es\nlayout(local_size_x = 1) in;\nlayout(binding = 0, rgba32f) writeonly uniform highp image2D f;\nvoid main() { imageAtomicExchange(f, ivec2(0), 1.0); }\n",
        "needs an image declared with format `r32f`",
    );
}

/// GL_NV_compute_shader_derivatives allows the bias parameter of the compatibility-profile
/// lookups (`texture2D(s, p, bias)`, ...) in compute shaders; without the extension they stay
/// fragment-only.
#[test]
fn legacy_bias_lookups_in_compute_need_derivatives() {
    let body = "uniform sampler1D s1; uniform sampler2D s2; uniform samplerCube sc;\n\
                uniform sampler2DShadow ss;\n\
                layout(local_size_x = 4, local_size_y = 2) in;\n\
                void main() { vec4 v = texture1D(s1, 0.5, 1.0) + texture2DProj(s2, vec4(1.0), 1.0)\n\
                + textureCube(sc, vec3(1.0), 1.0) + shadow2D(ss, vec3(1.0), 1.0); }\n";
    ok_with(
        TargetEnv::OpenGl,
        &format!(
            "#version 450 compatibility\n#extension GL_NV_compute_shader_derivatives : require\n\
             layout(derivative_group_quadsNV) in;\n{body}"
        ),
    );
    fails_with(
        TargetEnv::OpenGl,
        &format!("#version 450 compatibility\n{body}"),
        "no overload of `texture1D` takes (sampler1D, float, float)",
    );
}

// ---- default precisions of Vulkan's separate samplers and textures (GLSL ES) ----

/// `precision highp sampler;` sets the default precision of an opaque type; `texture2D` and
/// `textureCube` default to lowp as `sampler2D`/`samplerCube` do (glslang's `web.separate`),
/// while other textures have no default.
#[test]
fn separate_sampler_and_texture_precisions_in_es() {
    let head = "#version 310 es\nprecision highp float;\nlayout(location = 0) out vec4 c;\n";
    let f = |src: String| errors_with(Stage::Fragment, VK11, &src);
    let e = f(format!(
        "{head}precision highp sampler;\nprecision highp samplerShadow;\n\
         layout(binding = 0) uniform sampler s;\nlayout(binding = 1) uniform samplerShadow ss;\n\
         layout(binding = 2) uniform texture2D t;\nlayout(binding = 3) uniform textureCube tc;\n\
         void main() {{ c = texture(sampler2D(t, s), vec2(0)) + texture(samplerCube(tc, s), vec3(0)); }}\n"
    ));
    assert!(e.is_empty(), "{e:?}");
    let e = f(format!(
        "{head}layout(binding = 0) uniform texture3D t;\nvoid main() {{ c = vec4(0); }}\n"
    ));
    assert!(
        e.iter()
            .any(|m| m.contains("no default precision for `texture3D`")),
        "{e:?}"
    );
}

// ---- GL_NV_shader_texture_footprint: the footprint structures in the function table ----

const FOOTPRINT: &str = "#version 450\n#extension GL_NV_shader_texture_footprint : require\n";

fn stage_errors(stage: Stage, src: &str) -> Vec<String> {
    errors_with(stage, TargetEnv::Vulkan { minor: 1 }, src)
}

#[test]
fn texture_footprints_every_form() {
    let src = format!(
        "{FOOTPRINT}layout(binding = 0) uniform sampler2D s2;\nlayout(binding = 1) uniform isampler3D s3;\nlayout(binding = 2) uniform texture2D t;\nlayout(binding = 3) uniform sampler smp;\nlayout(location = 0) in vec2 p;\nlayout(location = 1) in vec3 q;\nlayout(std430, binding = 4) buffer B {{ gl_TextureFootprint3DNV fb; }};\nvoid main() {{\n  gl_TextureFootprint2DNV f;\n  bool b = textureFootprintNV(s2, p, 2, true, f) && textureFootprintNV(s2, p, 2, true, f, 0.5);\n  b = b && textureFootprintClampNV(s2, p, 1.0, 2, false, f) && textureFootprintClampNV(s3, q, 1.0, 2, false, fb, 0.5);\n  b = b && textureFootprintLodNV(s3, q, 1.0, 2, false, fb) && textureFootprintGradNV(sampler2D(t, smp), p, p, p, 2, false, f);\n  b = b && textureFootprintGradClampNV(s2, p, p, p, 1.0, 2, false, f);\n  uvec2 m = f.mask + fb.mask; uvec3 a = fb.anchor + fb.offset; uint l = f.lod + f.granularity;\n}}\n"
    );
    let e = stage_errors(Stage::Fragment, &src);
    assert!(e.is_empty(), "{}", e.join("\n"));
    // Compute shaders with derivatives have the implicit-LOD forms too; any stage has the
    // explicit ones.
    let comp = format!("{FOOTPRINT}#extension GL_NV_compute_shader_derivatives : require\nlayout(local_size_x = 2, local_size_y = 2) in;\nlayout(derivative_group_quadsNV) in;\nlayout(binding = 0) uniform sampler2D s;\nvoid main() {{ gl_TextureFootprint2DNV f; textureFootprintNV(s, vec2(0.5), 2, false, f, 0.5); }}\n");
    let e = stage_errors(Stage::Compute, &comp);
    assert!(e.is_empty(), "{}", e.join("\n"));
    let vert = format!("{FOOTPRINT}layout(binding = 0) uniform sampler2D s;\nvoid main() {{ gl_TextureFootprint2DNV f; bool b = textureFootprintLodNV(s, vec2(0.5), 0.0, 2, false, f) || textureFootprintGradNV(s, vec2(0.5), vec2(0.0), vec2(0.0), 2, false, f); }}\n");
    let e = stage_errors(Stage::Vertex, &vert);
    assert!(e.is_empty(), "{}", e.join("\n"));
}

#[track_caller]
fn footprint_fails(stage: Stage, src: &str, needle: &str) {
    let e = stage_errors(stage, src);
    assert!(
        e.iter().any(|m| m.contains(needle)),
        "expected an error containing {needle:?}, got:\n{}\n--- shader:\n{src}",
        e.join("\n")
    );
}

#[test]
fn texture_footprint_misuse() {
    let body = "layout(binding = 0) uniform sampler2D s;\nlayout(binding = 1) uniform sampler3D s3;\nvoid main() { gl_TextureFootprint2DNV f; textureFootprintNV(s, vec2(0.5), 2, false, f); }\n";
    // Without the extension the structures are not declared, and so the calls are not
    // reached (one error per cause).
    let e = stage_errors(Stage::Fragment, &format!("#version 450\n{body}"));
    assert_eq!(
        e,
        ["[feature-unavailable] type `gl_TextureFootprint2DNV` needs GL_NV_shader_texture_footprint"],
    );
    // Named before the `#extension` directive.
    footprint_fails(
        Stage::Fragment,
        "#version 450\ngl_TextureFootprint3DNV early;\n#extension GL_NV_shader_texture_footprint : enable\nvoid main() {}\n",
        "type `gl_TextureFootprint3DNV` needs GL_NV_shader_texture_footprint enabled before this point",
    );
    // Implicit derivatives: fragment shaders, or compute shaders with derivatives.
    footprint_fails(
        Stage::Vertex,
        &format!("{FOOTPRINT}{body}"),
        "the built-in function `textureFootprintNV` is not available in vertex shaders",
    );
    footprint_fails(
        Stage::Compute,
        &format!("{FOOTPRINT}layout(local_size_x = 4) in;\n{body}"),
        "`textureFootprintNV` needs GL_NV_compute_shader_derivatives or GL_KHR_compute_shader_derivatives",
    );
    // The derivatives alone do not declare the footprint functions.
    footprint_fails(
        Stage::Compute,
        "#version 450\n#extension GL_NV_compute_shader_derivatives : require\nlayout(local_size_x = 4) in;\nlayout(binding = 0) uniform sampler2D s;\nvoid main() { bool b; textureFootprintNV(s, vec2(0.5), 2, false, b); }\n",
        "`textureFootprintNV` needs GL_NV_shader_texture_footprint",
    );
    // Argument types: the structure of the sampler's dimension, 2D gradients only, a bool
    // `coarse`, an l-value footprint.
    for (call, needle) in [
        ("gl_TextureFootprint3DNV g; textureFootprintNV(s, vec2(0.5), 2, false, g);", "no overload of `textureFootprintNV` takes (sampler2D, vec2, int, bool, gl_TextureFootprint3DNV)"),
        ("gl_TextureFootprint3DNV g; textureFootprintGradNV(s3, vec3(0.5), vec3(0.0), vec3(0.0), 2, false, g);", "no overload of `textureFootprintGradNV`"),
        ("gl_TextureFootprint2DNV g; textureFootprintNV(s, vec2(0.5), 2, 1, g);", "no overload of `textureFootprintNV`"),
        ("textureFootprintNV(s, vec2(0.5), 2, false, gl_TextureFootprint2DNV(uvec2(0), uvec2(0), uvec2(0), 0u, 0u));", "argument 5 of `textureFootprintNV` is an `out` parameter"),
    ] {
        footprint_fails(
            Stage::Fragment,
            &format!("{FOOTPRINT}layout(binding = 0) uniform sampler2D s;\nlayout(binding = 1) uniform sampler3D s3;\nvoid main() {{ {call} }}\n"),
            needle,
        );
    }
    // The names stay reserved.
    footprint_fails(
        Stage::Fragment,
        &format!("{FOOTPRINT}struct gl_TextureFootprint2DNV {{ uint x; }};\nvoid main() {{}}\n"),
        "gl_TextureFootprint2DNV",
    );
}

// ---- GL_ANDROID_extension_pack_es31a: enabling the pack enables the extensions it lists ----

#[test]
fn android_extension_pack_enables_its_extensions() {
    let frag = |ext: &str| {
        format!(
            "#version 310 es\n{ext}precision mediump float;\n\
             layout(binding = 0, r32i) coherent uniform highp iimage2D img;\n\
             uniform highp samplerBuffer tb;\n\
             uniform highp samplerCubeArray ca;\n\
             uniform highp sampler2DMSArray ms;\n\
             sample in mediump vec4 v;\n\
             layout(location = 0) out vec4 o;\n\
             void main() {{\n\
               precise float p = v.x * 2.0;\n\
               int old = imageAtomicXor(img, ivec2(0), 1);\n\
               o = vec4(p) + texelFetch(tb, 0) + texture(ca, vec4(0.0)) + texelFetch(ms, ivec3(0), 0)\n\
                 + interpolateAtSample(v, 0) + vec4(float(old + gl_SampleID));\n\
             }}\n"
        )
    };
    let pack = frag("#extension GL_ANDROID_extension_pack_es31a : require\n");
    let e = errors_with(Stage::Fragment, TargetEnv::default(), &pack);
    assert!(e.is_empty(), "{}", e.join("\n"));
    // Without the pack, the same shader uses features GLSL ES 3.10 does not have.
    assert!(!errors_with(Stage::Fragment, TargetEnv::default(), &frag("")).is_empty());
    // Geometry and tessellation shaders, and I/O blocks.
    let geom = "#version 310 es\n#extension GL_ANDROID_extension_pack_es31a : require\n\
                layout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n\
                in Block { mediump float x; } b[];\nout mediump float y;\n\
                void main() {\n  for (int i = 0; i < gl_in.length(); ++i) {\n\
                y = b[i].x;\n    gl_Position = gl_in[i].gl_Position;\n    EmitVertex();\n  }\n}\n";
    let e = errors_with(Stage::Geometry, TargetEnv::default(), geom);
    assert!(e.is_empty(), "{}", e.join("\n"));
    let tesc = "#version 310 es\n#extension GL_ANDROID_extension_pack_es31a : require\n\
                layout(vertices = 3) out;\nvoid main() {\n\
                gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n\
                gl_TessLevelOuter[0] = 1.0;\n  gl_BoundingBoxEXT[0] = vec4(0.0);\n}\n";
    let e = errors_with(Stage::TessControl, TargetEnv::default(), tesc);
    assert!(e.is_empty(), "{}", e.join("\n"));
}

#[test]
fn bounding_box_names_in_glsl_es_3_20() {
    let tesc = |head: &str| {
        format!("{head}layout(vertices = 3) out;\nvoid main() {{\n  gl_BoundingBoxEXT[0] = vec4(0.0);\n  gl_BoundingBoxOES[1] = vec4(1.0);\n  gl_BoundingBox[1] = vec4(1.0);\n}}\n")
    };
    // GLSL ES 3.20 made GL_EXT/OES_primitive_bounding_box core; the suffixed names remain.
    let e = errors_with(
        Stage::TessControl,
        TargetEnv::default(),
        &tesc("#version 320 es\n"),
    );
    assert!(e.is_empty(), "{}", e.join("\n"));
    // In 3.10 they need the extension.
    let e = errors_with(
        Stage::TessControl,
        TargetEnv::default(),
        &tesc("#version 310 es\n#extension GL_EXT_tessellation_shader : require\n"),
    );
    assert!(
        e.iter().any(|m| m.contains("gl_BoundingBoxEXT")),
        "{}",
        e.join("\n")
    );
}

/// GL_MESA_shader_integer_functions gives GLSL 1.30 and ESSL 3.00 the integer functions of
/// GL_ARB_gpu_shader5, with frexp and ldexp; without it they stay GLSL 4.00 / ESSL 3.10.
#[test]
fn mesa_shader_integer_functions_bring_the_integer_functions_to_glsl_1_30() {
    let body = "void main() {\n\
        uvec4 msb, lsb, carry;\n\
        umulExtended(uvec4(1u), uvec4(2u), msb, lsb);\n\
        ivec2 hi, lo; imulExtended(ivec2(3), ivec2(4), hi, lo);\n\
        uint s = uaddCarry(1u, 2u, carry.x) + usubBorrow(3u, 1u, carry.y);\n\
        int b = bitfieldExtract(7, 1, 2) + bitfieldInsert(0, 1, 2, 1) + bitfieldReverse(1);\n\
        int c = bitCount(5u) + findLSB(8) + findMSB(8u);\n\
        int e; float m = frexp(8.0, e) + ldexp(0.5, 2);\n\
        gl_FragColor = vec4(float(s) + float(b + c) + m);\n\
    }\n";
    let frag = |target, src: &str| errors_with(Stage::Fragment, target, src);
    let e = frag(
        TargetEnv::OpenGl,
        &format!("#version 130\n#extension GL_MESA_shader_integer_functions : enable\n{body}"),
    );
    assert!(e.is_empty(), "{e:?}");
    let e = frag(TargetEnv::OpenGl, &format!("#version 130\n{body}"));
    assert!(e.iter().any(|m| m.contains("umulExtended")), "{e:?}");
    let es = "#version 300 es\n#extension GL_MESA_shader_integer_functions : require\n\
        precision highp float;\nout vec4 o;\n\
        void main() { uint carry; int e; o = vec4(float(uaddCarry(1u, 2u, carry)) + frexp(2.0, e) + float(findMSB(4))); }\n";
    let e = frag(TargetEnv::OpenGlEs, es);
    assert!(e.is_empty(), "{e:?}");
}

/// Integer bit functions, ldexp and the double packing functions fold in constant
/// expressions (an array size here): the bits of a negative int are its 32,
/// bitfieldExtract sign-extends signed fields, and ldexp flushes results below the smallest
/// normal float to a signed zero.
#[test]
fn bit_functions_and_ldexp_fold_in_constant_expressions() {
    let checks = [
        "bitCount(-1) == 32",
        "bitCount(ivec2(-2, 6)) == ivec2(31, 2)",
        "bitCount(0x80000000u) == 1",
        "bitfieldExtract(0xF0, 4, 4) == -1",
        "bitfieldExtract(0xF0u, 4, 4) == 15u",
        "bitfieldExtract(ivec2(5, 6), 1, 2) == ivec2(-2, -1)",
        "bitfieldExtract(7, 3, 0) == 0",
        "bitfieldInsert(0, 3, 4, 2) == 48",
        "bitfieldInsert(0xFFu, 0u, 0, 4) == 0xF0u",
        "bitfieldInsert(-1, 0, 31, 1) == 0x7FFFFFFF",
        "ldexp(0.75, 3) == 6.0",
        "ldexp(vec2(1.0, -0.5), ivec2(-1, 2)) == vec2(0.5, -2.0)",
        "floatBitsToInt(ldexp(-1.1754944e-38, -1)) == floatBitsToInt(-0.0)",
        "ldexp(-0.5lf, 3) == -4.0lf",
        "packDouble2x32(uvec2(0u, 0x3FF80000u)) == 1.5lf",
        "unpackDouble2x32(-2.0lf) == uvec2(0u, 0xC0000000u)",
    ];
    for c in checks {
        let src = format!(
            "#version 400\nout vec4 o;\nvoid main() {{ float a[({c}) ? 1 : -1]; o = vec4(a.length()); }}\n"
        );
        let e = errors_with(Stage::Fragment, TargetEnv::OpenGl, &src);
        assert!(e.is_empty(), "{c}: {e:?}");
    }
}

// ---- ray tracing payload locations ----

/// The payload (callable data) argument selects a variable by its location: one must be
/// declared before the call (glslang: "no rayPayloadEXT/rayPayloadInEXT declared").
#[test]
fn ray_payload_location_names_a_declared_variable() {
    let rgen = |body: &str| {
        format!(
            "#version 460\n#extension GL_EXT_ray_tracing : enable\n#extension GL_NV_ray_tracing_motion_blur : enable\n\
             layout(binding = 0, set = 0) uniform accelerationStructureEXT acc;\n\
             layout(location = 0) rayPayloadEXT vec4 payload;\n\
             layout(location = 2) callableDataEXT float data;\n\
             void main() {{ {body} }}\n"
        )
    };
    let errs = |body: &str| errors_with(Stage::RayGen, VK12, &rgen(body));
    let trace = "traceRayEXT(acc, 0u, 0xffu, 0u, 0u, 0u, vec3(0.0), 0.0, vec3(1.0), 1.0, ";
    assert!(errs(&format!("{trace}0);")).is_empty());
    let e = errs(&format!("{trace}1);"));
    assert!(
        e.iter().any(|m| m.contains(
            "`traceRayEXT`: no `rayPayloadEXT` variable is declared with `layout(location = 1)`"
        )),
        "{e:?}"
    );
    let e =
        errs("traceRayMotionNV(acc, 0u, 0u, 0u, 0u, 0u, vec3(0.5), 0.5, vec3(1.0), 0.75, 0.5, 1);");
    assert!(e.iter().any(|m| m.contains("`traceRayMotionNV`")), "{e:?}");
    assert!(errs("executeCallableEXT(0u, 2);").is_empty());
    let e = errs("executeCallableEXT(0u, 0);");
    assert!(
        e.iter()
            .any(|m| m.contains("no `callableDataEXT` variable")),
        "{e:?}"
    );
}

/// "It is a compile-time error to pass an image variable qualified with readonly to
/// imageStore() or other built-in functions that modify image memory", and a `writeonly` one to
/// `imageLoad()` or other built-in functions that read it; image atomics do both. Queries
/// (`imageSize`) are fine on either.
#[test]
fn image_memory_qualifiers() {
    let head = "#version 450\nlayout(local_size_x = 1) in;\n";
    ok(&format!(
        "{head}layout(r32ui, binding = 0) readonly uniform uimage2D r;\n\
         layout(r32ui, binding = 1) writeonly uniform uimage2D w[2];\n\
         layout(r32ui, binding = 3) uniform uimage2D rw;\n\
         void main() {{ uvec4 v = imageLoad(r, ivec2(0)); imageStore(w[1], ivec2(0), v); \
         imageAtomicAdd(rw, ivec2(0), 1u); ivec2 s = imageSize(r) + imageSize(w[0]); }}\n"
    ));
    fails(
        &format!("{head}layout(r32f, binding = 0) readonly uniform image2D r;\nvoid main() {{ imageStore(r, ivec2(0), vec4(1.0)); }}\n"),
        "`imageStore` writes image memory, but `r` is `readonly`",
    );
    fails(
        &format!("{head}layout(r32f, binding = 0) writeonly uniform image2D w[2];\nvoid main() {{ vec4 v = imageLoad(w[1], ivec2(0)); }}\n"),
        "`imageLoad` reads image memory, but `w` is `writeonly`",
    );
    fails(
        &format!("{head}layout(r32ui, binding = 0) readonly uniform uimage2D r;\nvoid main() {{ imageAtomicAdd(r, ivec2(0), 1u); }}\n"),
        "but `r` is `readonly`",
    );
    fails(
        &format!("{head}void f(writeonly uimage2D p) {{ imageAtomicOr(p, ivec2(0), 1u); }}\nlayout(r32ui, binding = 0) writeonly uniform uimage2D w;\nvoid main() {{ f(w); }}\n"),
        "but `p` is `writeonly`",
    );
}
