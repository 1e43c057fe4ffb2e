//! Lowering of extension constructs (helper E, issue 4): subroutines, separate textures and
//! samplers, sparse texture functions. Every shader must lower, validate, and round-trip
//! through the IR text form; subroutine selection is also executed in the interpreter.

use fresnel::ir::{IndexKind, InstrKind, Intrinsic, Shader, TexSrc, Type, VarMode};
mod support;

use fresnel::{NoIncludes, Options, SourceInput, TargetEnv};

/// Vulkan GLSL for names containing `vk`, desktop GL otherwise.
fn options(name: &str) -> Options {
    let mut o = Options::default();
    if name.contains("vk") {
        o.target = TargetEnv::Vulkan { minor: 2 };
    }
    o
}

/// Lowers (with and without SSA), validates, round-trips the text form, and returns the SSA
/// form.
fn lower(name: &str, src: &str) -> Shader {
    let mut both = support::lower_both(name, src, &options(name), name.contains("vk"));
    both.pop().expect("two forms")
}

fn lower_error(name: &str, src: &str) -> String {
    let run = fresnel::check(
        SourceInput::new(name, src),
        &Options::default(),
        &mut NoIncludes,
    );
    assert!(!run.has_errors());
    let module = run.hir.as_ref().expect("checked");
    match fresnel::lower::lower(module, &run.interner, &Default::default()) {
        Ok(_) => panic!("expected a lowering error"),
        Err(e) => e.message,
    }
}

fn var<'a>(s: &'a Shader, name: &str) -> &'a fresnel::ir::Variable {
    s.vars
        .values()
        .find(|v| v.name == name)
        .unwrap_or_else(|| panic!("no variable {name}"))
}

/// Runs a compute shader once per uniform setting and returns the first int of `Out`.
fn run_with_uniform(src: &str, uniform: &str, slots: &[u64]) -> i32 {
    let run = fresnel::check(
        SourceInput::new("t.comp", src),
        &Options::default(),
        &mut NoIncludes,
    );
    assert!(
        !run.has_errors(),
        "{}",
        run.render_diagnostics(fresnel::ErrorFormat::Human, false)
    );
    let module = run.hir.as_ref().expect("checked");
    let mut results = Vec::new();
    for no_ssa in [true, false] {
        let opts = fresnel::lower::LowerOptions {
            vulkan: false,
            no_ssa,
        };
        let ir = fresnel::lower::lower(module, &run.interner, &opts).expect("lowered");
        fresnel::ir::validate(&ir).expect("valid IR");
        let mut it = fresnel_interp::Interp::new(&ir).expect("interpreter");
        it.set_uniform(uniform, slots.to_vec()).expect("uniform");
        it.set_buffer("Out", vec![0u8; 4]).expect("buffer");
        it.run_compute([1, 1, 1]).expect("runs");
        let b = it.buffer("Out").expect("written back");
        results.push(i32::from_le_bytes([b[0], b[1], b[2], b[3]]));
    }
    assert_eq!(results[0], results[1], "without and with SSA");
    results[0]
}

const SUBROUTINE_COMP: &str = "#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Out { int r; };
subroutine int binop(int a, inout int b);
subroutine(binop) int add(int a, inout int b) { b += 1; return a + b; }
subroutine(binop) int mul(int a, inout int b) { b += 2; return a * b; }
subroutine(binop) int sub(int a, inout int b) { b += 3; return a - b; }
subroutine uniform binop op;
void main() {
    int b = 4;
    int x = op(10, b);
    r = x * 100 + b;
}
";

#[test]
fn subroutine_uniforms_are_u32_indices() {
    let s = lower("sub.comp", SUBROUTINE_COMP);
    let op = var(&s, "op");
    assert_eq!(op.mode, VarMode::Uniform);
    assert_eq!(s.types.value_shape(op.ty), Some((32, 1)));
    // One call per compatible function, behind an `if` chain.
    let calls = s.functions[s.entry.expect("main")]
        .instrs
        .values()
        .filter(|i| matches!(i.kind, InstrKind::Call { .. }))
        .count();
    assert_eq!(calls, 3);
}

#[test]
fn subroutine_calls_select_by_index() {
    // add: b = 5, 10 + 5 = 15; mul: b = 6, 60; sub: b = 7, 3.
    assert_eq!(run_with_uniform(SUBROUTINE_COMP, "op", &[0]), 1505);
    assert_eq!(run_with_uniform(SUBROUTINE_COMP, "op", &[1]), 6006);
    assert_eq!(run_with_uniform(SUBROUTINE_COMP, "op", &[2]), 307);
    // Out of range: the last function.
    assert_eq!(run_with_uniform(SUBROUTINE_COMP, "op", &[9]), 307);
}

#[test]
fn subroutine_uniform_arrays_and_shared_functions() {
    let src = "#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Out { int r; };
subroutine float f1(float x);
subroutine float f2(float x);
subroutine(f1, f2) float twice(float x) { return 2.0 * x; }
subroutine(f2) float neg(float x) { return -x; }
subroutine(f1) float sq(float x) { return x * x; }
subroutine uniform f1 a[2][3];
subroutine uniform f2 b;
uniform int n;
void main() {
    r = int(a[1][n](3.0) + b(5.0));
}
";
    let s = lower("arr.comp", src);
    let a = var(&s, "a");
    match s.types.get(a.ty) {
        Type::Array { elem, len: 2, .. } => match s.types.get(*elem) {
            Type::Array { elem, len: 3, .. } => {
                assert_eq!(s.types.value_shape(*elem), Some((32, 1)))
            }
            t => panic!("{t:?}"),
        },
        t => panic!("{t:?}"),
    }
    // f1's functions: twice (0), sq (1); f2's: twice (0), neg (1).
    let run = |slots: &[u64]| {
        let run = fresnel::check(
            SourceInput::new("t.comp", src),
            &Options::default(),
            &mut NoIncludes,
        );
        let module = run.hir.as_ref().expect("checked");
        let ir =
            fresnel::lower::lower(module, &run.interner, &Default::default()).expect("lowered");
        let mut it = fresnel_interp::Interp::new(&ir).expect("interpreter");
        let mut a = vec![0u64; 6];
        a[3 + 2] = slots[0];
        it.set_uniform("a", a).expect("a");
        it.set_uniform("b", vec![slots[1]]).expect("b");
        it.set_uniform("n", vec![2]).expect("n");
        it.set_buffer("Out", vec![0u8; 4]).expect("buffer");
        it.run_compute([1, 1, 1]).expect("runs");
        let b = it.buffer("Out").expect("written");
        i32::from_le_bytes([b[0], b[1], b[2], b[3]])
    };
    assert_eq!(run(&[0, 0]), 6 + 10);
    assert_eq!(run(&[1, 0]), 9 + 10);
    assert_eq!(run(&[1, 1]), 9 - 5);
}

#[test]
fn subroutine_without_compatible_functions_is_an_error() {
    let src = "#version 400
subroutine vec4 T(float x);
subroutine uniform T u;
out vec4 c;
void main() { c = u(1.0); }
";
    assert!(lower_error("t.frag", src).contains("no function is declared compatible"));
}

#[test]
fn subroutines_returning_aggregates_are_inlined() {
    let src = "#version 400
struct S { vec4 c; float w[2]; };
subroutine S T(float x);
subroutine(T) S one(float x) { S s; s.c = vec4(x); s.w[0] = x; s.w[1] = 1.0; return s; }
subroutine(T) S two(float x) { S s; s.c = vec4(2.0 * x); s.w[0] = x; s.w[1] = 2.0; return s; }
subroutine uniform T u;
out vec4 c;
void main() { S s = u(1.5); c = s.c * s.w[1]; }
";
    lower("t.frag", src);
}

/// The texture instructions of the entry point.
fn texs(s: &Shader) -> Vec<&fresnel::ir::Tex> {
    s.functions[s.entry.expect("main")]
        .instrs
        .values()
        .filter_map(|i| match &i.kind {
            InstrKind::Tex(t) => Some(t),
            _ => None,
        })
        .collect()
}

/// The variable a deref source starts from.
fn deref_root(s: &Shader, v: fresnel::ir::ValueId) -> String {
    let f = &s.functions[s.entry.expect("main")];
    let mut cur = v;
    loop {
        match &f.def(cur).kind {
            InstrKind::Deref(d) => match d.kind {
                fresnel::ir::DerefKind::Var(var) => return s.vars[var].name.clone(),
                fresnel::ir::DerefKind::Array { parent, .. }
                | fresnel::ir::DerefKind::Struct { parent, .. }
                | fresnel::ir::DerefKind::Cast { parent } => cur = parent,
            },
            k => panic!("not a deref: {k:?}"),
        }
    }
}

#[test]
fn separate_textures_and_samplers() {
    let src = "#version 450
layout(set = 0, binding = 0) uniform texture2D t;
layout(set = 0, binding = 1) uniform texture2DArray ta[2];
layout(set = 0, binding = 2) uniform sampler s;
layout(set = 0, binding = 3) uniform samplerShadow ss;
layout(location = 0) in vec3 uv;
layout(location = 0) out vec4 c;
vec4 helper(sampler2D x, vec2 p) { return texture(x, p); }
void main() {
    c = texture(sampler2D(t, s), uv.xy);
    c += vec4(texture(sampler2DShadow(t, ss), uv));
    c += textureLod(sampler2DArray(ta[1], s), uv, 2.0);
    c += helper(sampler2D(t, s), uv.xy);
    c += vec4(textureSize(sampler2D(t, s), 0), 0.0, 0.0);
}
";
    let s = lower("sep.vk.frag", src);
    let ts = texs(&s);
    assert_eq!(ts.len(), 5);
    for t in &ts {
        let tex = t.src(TexSrc::TextureDeref).expect("texture");
        let smp = t.src(TexSrc::SamplerDeref).expect("sampler");
        assert!(["t", "ta"].contains(&deref_root(&s, tex).as_str()));
        assert!(["s", "ss"].contains(&deref_root(&s, smp).as_str()));
    }
    let shadow: Vec<_> = ts.iter().filter(|t| t.is_shadow).collect();
    assert_eq!(shadow.len(), 1);
    assert!(shadow[0].src(TexSrc::Comparator).is_some());
    assert_eq!(
        deref_root(&s, shadow[0].src(TexSrc::SamplerDeref).unwrap()),
        "ss"
    );
    assert!(ts.iter().any(|t| t.is_array));
}

#[test]
fn sparse_texture_lookups_carry_a_residency_component() {
    let src = "#version 450
#extension GL_ARB_sparse_texture2 : require
#extension GL_ARB_sparse_texture_clamp : require
layout(binding = 0) uniform sampler2D s2;
layout(binding = 1) uniform sampler2DShadow sh;
layout(binding = 2) uniform isampler2DArray sa;
layout(location = 0) in vec3 uv;
layout(location = 0) out vec4 c;
void main() {
    vec4 t;
    float d;
    ivec4 it;
    int code = sparseTextureARB(s2, uv.xy, t);
    bool r = sparseTexelsResidentARB(code);
    code = sparseTextureARB(sh, uv, d, 1.0);
    code = sparseTexelFetchARB(sa, ivec3(1, 2, 3), 0, it);
    code = sparseTextureGatherOffsetsARB(s2, uv.xy, ivec2[4](ivec2(0), ivec2(1), ivec2(2), ivec2(3)), t, 1);
    code = sparseTextureClampARB(s2, uv.xy, 0.5, t);
    c = t + vec4(d) + vec4(it) + vec4(r ? 1.0 : 0.0, float(code), 0.0, 0.0);
}
";
    let s = lower("sparse.frag", src);
    let f = &s.functions[s.entry.expect("main")];
    let ts = texs(&s);
    // texture, shadow texture, fetch, the gather of four offsets (one, issue 6), clamp.
    assert_eq!(ts.len(), 5);
    assert!(ts
        .iter()
        .any(|t| t.src(TexSrc::OffsetsX).is_some() && t.src(TexSrc::OffsetsY).is_some()));
    for t in &ts {
        assert!(t.is_sparse);
        let n = f.value(t.dest).num_components;
        assert_eq!(n, if t.is_shadow { 2 } else { 5 }, "{t:?}");
    }
    assert!(ts.iter().any(|t| t.src(TexSrc::MinLod).is_some()));
    let intrinsic_count = |op: Intrinsic| {
        f.instrs
            .values()
            .filter(|i| matches!(&i.kind, InstrKind::Intrinsic(x) if x.op == op))
            .count()
    };
    assert_eq!(intrinsic_count(Intrinsic::IsSparseTexelsResident), 1);
    // One code per lookup: none to combine.
    assert_eq!(intrinsic_count(Intrinsic::SparseResidencyCodeAnd), 0);
}

#[test]
fn sparse_image_loads() {
    let src = "#version 450
#extension GL_ARB_sparse_texture2 : require
layout(binding = 0, rgba32f) uniform readonly image2D img;
layout(binding = 1, r32i) uniform readonly iimage2DMS ms;
layout(location = 0) out vec4 c;
void main() {
    vec4 t;
    ivec4 it;
    int code = sparseImageLoadARB(img, ivec2(1, 2), t);
    code |= sparseImageLoadARB(ms, ivec2(1, 2), 3, it);
    c = t + vec4(it) + vec4(float(code));
}
";
    let s = lower("simg.frag", src);
    let f = &s.functions[s.entry.expect("main")];
    let loads: Vec<_> = f
        .instrs
        .values()
        .filter_map(|i| match &i.kind {
            InstrKind::Intrinsic(x) if x.op == Intrinsic::ImageDerefSparseLoad => Some(x),
            _ => None,
        })
        .collect();
    assert_eq!(loads.len(), 2);
    for l in loads {
        let d = l.dest.expect("result");
        assert_eq!(f.value(d).num_components, 5);
        assert_eq!(f.value(d).bit_size, 32);
    }
}

#[test]
fn tex_sparse_flag_round_trips_and_is_checked() {
    let text = "#version 450
#extension GL_ARB_sparse_texture2 : require
layout(binding = 0) uniform sampler2D s2;
layout(location = 0) out vec4 c;
void main() { vec4 t; int code = sparseTextureLodARB(s2, vec2(0.5), 1.0, t); c = t * float(code); }
";
    let s = lower("lod.frag", text);
    let mut printed = String::new();
    fresnel::ir::Printer::new(&s).shader(&mut printed);
    assert!(printed.contains(" sparse f ("), "{printed}");
    // Without the extra component the validator objects.
    let bad = printed.replace("txl 32x5 2d sparse f", "txl 32x4 2d sparse f");
    assert_ne!(bad, printed);
    let parsed = fresnel::ir::parse(&bad).expect("parses");
    let errs = fresnel::ir::validate(&parsed).expect_err("invalid");
    assert!(
        errs.iter().any(|e| e.to_string().contains("needs 5")),
        "{errs:?}"
    );
}

/// The intrinsics of the entry point with this operation.
fn intrinsics(s: &Shader, op: Intrinsic) -> Vec<&fresnel::ir::IntrinsicInstr> {
    s.functions[s.entry.expect("main")]
        .instrs
        .values()
        .filter(|i| !i.removed)
        .filter_map(|i| match &i.kind {
            InstrKind::Intrinsic(x) if x.op == op => Some(x),
            _ => None,
        })
        .collect()
}

#[test]
fn ray_tracing_calls_take_the_located_payload() {
    let src = "#version 460
#extension GL_EXT_ray_tracing : require
layout(binding = 0, set = 0) uniform accelerationStructureEXT tlas;
layout(location = 0) rayPayloadEXT vec4 p0;
layout(location = 3) rayPayloadEXT float p3;
layout(location = 1) rayPayloadInEXT vec4 incoming;
layout(location = 2) callableDataEXT vec2 cd;
void main() {
    traceRayEXT(tlas, 0u, 0xffu, 0u, 1u, 0u, vec3(0.0), 0.1, vec3(0.0, 0.0, 1.0), 100.0, 3);
    traceRayEXT(tlas, 1u, 0xffu, 0u, 1u, 0u, vec3(0.0), 0.1, vec3(1.0, 0.0, 0.0), 50.0, 1);
    executeCallableEXT(4u, 2);
    incoming = p0 + vec4(p3) + vec4(cd, 0.0, 0.0);
}
";
    let s = lower("rt.vk.rchit", src);
    let traces = intrinsics(&s, Intrinsic::TraceRay);
    assert_eq!(traces.len(), 2);
    let payload_of = |x: &fresnel::ir::IntrinsicInstr| deref_root(&s, *x.srcs.last().unwrap());
    assert_eq!(payload_of(traces[0]), "p3");
    assert_eq!(payload_of(traces[1]), "incoming");
    assert_eq!(deref_root(&s, traces[0].srcs[0]), "tlas");
    let calls = intrinsics(&s, Intrinsic::ExecuteCallable);
    assert_eq!(calls.len(), 1);
    assert_eq!(payload_of(calls[0]), "cd");
}

#[test]
fn intersection_and_any_hit_built_ins() {
    let src = "#version 460
#extension GL_EXT_ray_tracing : require
hitAttributeEXT vec2 attr;
void main() {
    attr = vec2(0.5);
    if (reportIntersectionEXT(1.0, 2u)) { attr = vec2(1.0); }
}
";
    let s = lower("i.vk.rint", src);
    let r = intrinsics(&s, Intrinsic::ReportRayIntersection);
    assert_eq!(r.len(), 1);
    let f = &s.functions[s.entry.expect("main")];
    assert_eq!(f.value(r[0].dest.expect("result")).bit_size, 1);
    let src = "#version 460
#extension GL_EXT_ray_tracing : require
layout(location = 0) rayPayloadInEXT vec4 p;
void main() {
    if (p.x > 0.5) ignoreIntersectionEXT;
    terminateRayEXT;
}
";
    let s = lower("a.vk.rahit", src);
    assert_eq!(intrinsics(&s, Intrinsic::IgnoreRayIntersection).len(), 1);
    assert_eq!(intrinsics(&s, Intrinsic::TerminateRay).len(), 1);
}

/// The checker reports a payload location no variable has; with GL_EXT_spirv_intrinsics
/// (whose shaders may declare payloads the checker does not see) it leaves it to the
/// lowering, which cannot find the payload either.
#[test]
fn missing_payload_location_is_an_error() {
    let src = |ext: &str| {
        format!(
            "#version 460
#extension GL_EXT_ray_tracing : require
{ext}
layout(binding = 0, set = 0) uniform accelerationStructureEXT tlas;
layout(location = 0) rayPayloadEXT vec4 p0;
void main() {{
    traceRayEXT(tlas, 0u, 0xffu, 0u, 1u, 0u, vec3(0.0), 0.1, vec3(0.0, 0.0, 1.0), 100.0, 5);
}}
"
        )
    };
    let checked = fresnel::check(
        SourceInput::new("m.rgen", &src("")),
        &options("m.vk"),
        &mut NoIncludes,
    );
    assert!(checked
        .diagnostics
        .as_slice()
        .iter()
        .any(|d| d.message.contains("layout(location = 5)")));
    let text = src("#extension GL_EXT_spirv_intrinsics : enable");
    let run = fresnel::check(
        SourceInput::new("m.rgen", &text),
        &options("m.vk"),
        &mut NoIncludes,
    );
    assert!(!run.has_errors());
    let module = run.hir.as_ref().expect("checked");
    let e = fresnel::lower::lower(module, &run.interner, &Default::default()).expect_err("error");
    assert!(e.message.contains("location 5"), "{}", e.message);
}

#[test]
fn mesh_and_task_built_ins() {
    let src = "#version 460
#extension GL_EXT_mesh_shader : require
layout(local_size_x = 1) in;
layout(triangles, max_vertices = 3, max_primitives = 1) out;
void main() {
    SetMeshOutputsEXT(3u, 1u);
    gl_MeshVerticesEXT[0].gl_Position = vec4(0.0);
    gl_PrimitiveTriangleIndicesEXT[0] = uvec3(0, 1, 2);
}
";
    let s = lower("m.vk.mesh", src);
    let c = intrinsics(&s, Intrinsic::SetVertexAndPrimitiveCount);
    assert_eq!(c.len(), 1);
    assert_eq!(c[0].srcs.len(), 2);
    let src = "#version 460
#extension GL_EXT_mesh_shader : require
layout(local_size_x = 1) in;
struct P { float x; };
taskPayloadSharedEXT P payload;
void main() {
    payload.x = 1.0;
    EmitMeshTasksEXT(2u, 1u, 1u);
}
";
    let s = lower("t.vk.task", src);
    let l = intrinsics(&s, Intrinsic::LaunchMeshWorkgroups);
    assert_eq!(l.len(), 1);
    let f = &s.functions[s.entry.expect("main")];
    assert_eq!(f.value(l[0].srcs[0]).num_components, 3);
}

#[test]
fn ray_queries() {
    let src = "#version 460
#extension GL_EXT_ray_query : require
#extension GL_EXT_ray_tracing_position_fetch : require
layout(local_size_x = 1) in;
layout(binding = 0, set = 0) uniform accelerationStructureEXT tlas;
layout(std430, binding = 1) buffer Out { vec4 r; mat4x3 m; vec3 pos[3]; };
void main() {
    rayQueryEXT q;
    rayQueryInitializeEXT(q, tlas, 0u, 0xffu, vec3(0.0), 0.0, vec3(0.0, 0.0, 1.0), 10.0);
    while (rayQueryProceedEXT(q)) {
        if (rayQueryGetIntersectionTypeEXT(q, false) == 1u) {
            rayQueryConfirmIntersectionEXT(q);
        }
    }
    r = vec4(rayQueryGetIntersectionTEXT(q, true), rayQueryGetRayTMinEXT(q),
             rayQueryGetIntersectionBarycentricsEXT(q, true));
    m = rayQueryGetIntersectionObjectToWorldEXT(q, true);
    rayQueryGetIntersectionTriangleVertexPositionsEXT(q, true, pos);
    rayQueryTerminateEXT(q);
}
";
    let s = lower("q.vk.comp", src);
    assert_eq!(intrinsics(&s, Intrinsic::RqInitialize).len(), 1);
    assert_eq!(intrinsics(&s, Intrinsic::RqProceed).len(), 1);
    assert_eq!(intrinsics(&s, Intrinsic::RqConfirmIntersection).len(), 1);
    assert_eq!(intrinsics(&s, Intrinsic::RqTerminate).len(), 1);
    let loads = intrinsics(&s, Intrinsic::RqLoad);
    let value_index = |name: &str| {
        fresnel::ir::intrinsic::RAY_QUERY_VALUES
            .iter()
            .position(|(n, _)| *n == name)
            .unwrap() as i64
    };
    let base = |x: &fresnel::ir::IntrinsicInstr| {
        x.indices
            .iter()
            .find(|(k, _)| *k == fresnel::ir::IndexKind::Base)
            .map(|(_, v)| *v)
            .unwrap()
    };
    let count = |name: &str| {
        loads
            .iter()
            .filter(|x| base(x) == value_index(name))
            .count()
    };
    assert_eq!(count("intersection_type"), 1);
    assert_eq!(count("intersection_t"), 1);
    assert_eq!(count("tmin"), 1);
    assert_eq!(count("intersection_barycentrics"), 1);
    // A mat4x3: one load per column; the positions: one per vertex.
    assert_eq!(count("intersection_object_to_world"), 4);
    assert_eq!(count("intersection_triangle_vertex_positions"), 3);
    for x in &loads {
        assert_eq!(deref_root(&s, x.srcs[0]), "q");
    }
}

#[test]
fn shader_clocks() {
    let src = "#version 450
#extension GL_ARB_shader_clock : require
#extension GL_EXT_shader_realtime_clock : require
#extension GL_ARB_gpu_shader_int64 : require
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Out { uvec2 a; uint64_t b; uvec2 c; uint64_t d; };
void main() {
    a = clock2x32ARB();
    b = clockARB();
    c = clockRealtime2x32EXT();
    d = clockRealtimeEXT();
}
";
    let s = lower("clock.comp", src);
    let clocks = intrinsics(&s, Intrinsic::ShaderClock);
    assert_eq!(clocks.len(), 4);
    let realtime = clocks
        .iter()
        .filter(|x| x.indices.contains(&(fresnel::ir::IndexKind::Base, 1)))
        .count();
    assert_eq!(realtime, 2);
    let packs = s.functions[s.entry.expect("main")]
        .instrs
        .values()
        .filter(|i| matches!(&i.kind, InstrKind::Alu(a) if a.op == fresnel::ir::AluOp::Pack64_2x32))
        .count();
    assert_eq!(packs, 2);
}

#[test]
fn combined_samplers_through_commas_and_nested_inlining() {
    let src = "#version 450
layout(set = 0, binding = 0) uniform texture2D t[2];
layout(set = 0, binding = 2) uniform sampler s;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 c;
int i = 0;
vec4 f(sampler2D x) { return texture(x, uv); }
vec4 g(sampler2D y) { return f(y) + vec4(textureSize(y, 0), 0.0, 0.0); }
void main() {
    c = texture((i++, sampler2D(t[i], s)), uv);
    c += g(sampler2D(t[1], s));
    sampler2D(t[0], s);
}
";
    let run = fresnel::check(
        SourceInput::new("e.frag", src),
        &options("vk"),
        &mut NoIncludes,
    );
    assert!(!run.has_errors());
    let module = run.hir.as_ref().expect("checked");
    // The comma form may be rejected (a combined sampler is never stored), but must not
    // panic; the rest lowers.
    match fresnel::lower::lower(module, &run.interner, &Default::default()) {
        Ok(ir) => fresnel::ir::validate(&ir).expect("valid"),
        Err(e) => assert!(!e.message.is_empty()),
    }
    let s = lower(
        "n.vk.frag",
        &src.replace(
            "c = texture((i++, sampler2D(t[i], s)), uv);",
            "c = vec4(0.0);",
        ),
    );
    // `texture` in `f` and `textureSize` in `g`, both through the inlined parameters.
    let ts = texs(&s);
    assert_eq!(ts.len(), 2);
    assert!(ts.iter().all(|t| t.src(TexSrc::SamplerDeref).is_some()));
}

#[test]
fn nested_subroutine_calls_in_called_functions() {
    let src = "#version 400
subroutine vec4 T(vec4 x);
subroutine(T) vec4 a(vec4 x) { return x; }
subroutine(T) vec4 b(vec4 x) { return -x; }
subroutine uniform T u[2];
in vec4 v;
out vec4 c;
int k = 0;
vec4 helper(int j) { return u[j](v) + u[k++](v); }
void main() { c = helper(1); c += u[0](u[1](v)); }
";
    let s = lower("s.frag", src);
    // `helper` is an IR function whose body holds two if-chains of calls.
    let h = s
        .functions
        .values()
        .find(|f| f.name == "helper")
        .expect("helper");
    let calls = h
        .instrs
        .values()
        .filter(|i| matches!(i.kind, InstrKind::Call { .. }))
        .count();
    assert_eq!(calls, 4);
}

#[test]
fn amd_texture4_is_a_gather_of_the_first_component() {
    let src = "#version 110
#extension GL_AMD_texture_texture4 : require
uniform sampler2D tex;
void main() { gl_FragColor = texture4(tex, vec2(0.5, 0.5)); }
";
    let s = lower("t4.frag", src);
    let ts = texs(&s);
    assert_eq!(ts.len(), 1);
    assert_eq!(ts[0].op, fresnel::ir::TexOp::Tg4);
    assert_eq!(ts[0].component, 0);
}

#[test]
fn hit_objects() {
    let src = "#version 460
#extension GL_EXT_ray_tracing : enable
#extension GL_NV_shader_invocation_reorder : enable
layout(location = 1) rayPayloadEXT vec4 payload;
layout(location = 2) hitObjectAttributeNV vec2 attr;
layout(binding = 0) uniform accelerationStructureEXT as;
layout(binding = 1) buffer B { mat4x3 m; vec4 r; };
void main() {
    hitObjectNV h;
    hitObjectTraceRayNV(h, as, 1u, 0xffu, 0u, 1u, 0u, vec3(0.0), 0.1, vec3(1.0), 10.0, 1);
    hitObjectRecordMissNV(h, 1u, vec3(0.5), 2.0, vec3(1.5), 5.0);
    hitObjectGetAttributesNV(h, 2);
    m = hitObjectGetObjectToWorldNV(h);
    r = vec4(hitObjectGetRayTMaxNV(h), float(hitObjectIsHitNV(h)), attr);
    reorderThreadNV(4u, 4u);
    reorderThreadNV(h);
    hitObjectExecuteShaderNV(h, 1);
}
";
    let s = lower("h.vk.rgen", src);
    let f = &s.functions[s.entry.expect("main")];
    let trace = intrinsics(&s, Intrinsic::HitObjectTraceRay);
    assert_eq!(trace.len(), 1);
    assert_eq!(deref_root(&s, trace[0].srcs[0]), "h");
    assert_eq!(deref_root(&s, trace[0].srcs[1]), "as");
    assert_eq!(deref_root(&s, *trace[0].srcs.last().unwrap()), "payload");
    // The NV miss record has no ray flags: 0.
    let miss = intrinsics(&s, Intrinsic::HitObjectRecordMiss);
    assert_eq!(miss.len(), 1);
    assert_eq!(miss[0].srcs.len(), 7);
    assert!(matches!(
        &f.def(miss[0].srcs[1]).kind,
        InstrKind::LoadConst { values, .. } if values[0] == 0
    ));
    let attrs = intrinsics(&s, Intrinsic::HitObjectGetAttributes);
    assert_eq!(deref_root(&s, attrs[0].srcs[1]), "attr");
    // mat4x3: four column loads; then t max and is-hit.
    assert_eq!(intrinsics(&s, Intrinsic::HitObjectLoad).len(), 6);
    let hint = intrinsics(&s, Intrinsic::ReorderThread);
    assert_eq!(hint.len(), 1);
    // The NV form is unmarked; `reorderThreadEXT` is `base` 1 (below).
    assert_eq!(hint[0].index(IndexKind::Base), None);
    let reorder = intrinsics(&s, Intrinsic::HitObjectReorder);
    assert_eq!(reorder.len(), 1);
    assert_eq!(reorder[0].srcs.len(), 3);
    let exec = intrinsics(&s, Intrinsic::HitObjectExecuteShader);
    assert_eq!(deref_root(&s, exec[0].srcs[1]), "payload");
}

#[test]
fn ext_reorder_thread_hint_is_marked() {
    let src = "#version 460
#extension GL_EXT_ray_tracing : enable
#extension GL_EXT_shader_invocation_reorder : enable
void main() { reorderThreadEXT(4u, 4u); }
";
    let s = lower("r.vk.rgen", src);
    let hint = intrinsics(&s, Intrinsic::ReorderThread);
    assert_eq!(hint.len(), 1);
    assert_eq!(hint[0].index(IndexKind::Base), Some(1));
}

#[test]
fn abort_message_parts() {
    let src = "#version 450
#extension GL_EXT_abort : require
layout(local_size_x = 1) in;
layout(binding = 0) buffer B { uint u; };
void main() { abortEXT(\"u=%u\", u); abortEXT(); }
";
    let s = lower("a.vk.comp", src);
    let f = &s.functions[s.entry.expect("main")];
    let ops: Vec<_> = intrinsics(&s, Intrinsic::VendorOp)
        .into_iter()
        .filter(|x| {
            x.index(IndexKind::VendorOp) == fresnel::ir::vendor::vendor_op_index("abortEXT")
        })
        .collect();
    assert_eq!(ops.len(), 2);
    // The message: a local of its bytes and a NUL, then the argument's value.
    let bytes = |x: &fresnel::ir::IntrinsicInstr| -> Vec<u8> {
        let InstrKind::Deref(d) = &f.def(x.srcs[0]).kind else {
            panic!("the message is not a deref");
        };
        let fresnel::ir::DerefKind::Var(v) = d.kind else {
            panic!("the message is not a variable");
        };
        match &s.vars[v].init {
            Some(fresnel::ir::Constant::Composite(e)) => e
                .iter()
                .map(|c| match c {
                    fresnel::ir::Constant::Vector(b) => b[0] as u8,
                    _ => panic!("not a byte"),
                })
                .collect(),
            other => panic!("message initializer {other:?}"),
        }
    };
    assert_eq!(ops[0].srcs.len(), 2);
    assert_eq!(bytes(ops[0]), b"u=%u\0");
    // Without a string: the empty message.
    assert_eq!(ops[1].srcs.len(), 1);
    assert_eq!(bytes(ops[1]), b"\0");
}

#[test]
fn micromap_vertex_fetches() {
    let src = "#version 460
#extension GL_EXT_ray_query : enable
#extension GL_NV_displacement_micromap : enable
layout(local_size_x = 1) in;
layout(binding = 0) uniform accelerationStructureEXT as;
layout(binding = 1) buffer B { vec3 p; vec2 b; };
void main() {
    p = fetchMicroTriangleVertexPositionNV(as, 1, 2, 3, ivec2(0, 1));
    b = fetchMicroTriangleVertexBarycentricNV(as, 1, 2, 3, ivec2(1, 0));
}
";
    let s = lower("dmm.vk.comp", src);
    let f = &s.functions[s.entry.expect("main")];
    let l = intrinsics(&s, Intrinsic::FetchMicroTriangleVertex);
    assert_eq!(l.len(), 2);
    let comps: Vec<u8> = l
        .iter()
        .map(|x| f.value(x.dest.expect("result")).num_components)
        .collect();
    assert_eq!(comps, vec![3, 2]);
}

/// Runs a compute shader with `n` invocations in one workgroup (one subgroup of 32 lanes in
/// the interpreter) and returns the ints it wrote to `Out` (`n` per result row, `rows`).
fn run_subgroup(body: &str, n: usize, rows: usize) -> Vec<i32> {
    let src = format!(
        "#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_clustered : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_NV_shader_subgroup_partitioned : require
layout(local_size_x = {n}) in;
layout(std430, binding = 0) buffer Out {{ int r[]; }};
void main() {{
    uint i = gl_SubgroupInvocationID;
    int x = int(i) + 1;
{body}
}}
"
    );
    let run = fresnel::check(
        SourceInput::new("t.comp", &src),
        &Options::default(),
        &mut NoIncludes,
    );
    assert!(
        !run.has_errors(),
        "{}",
        run.render_diagnostics(fresnel::ErrorFormat::Human, false)
    );
    let module = run.hir.as_ref().expect("checked");
    let ir = fresnel::lower::lower(module, &run.interner, &Default::default()).expect("lowered");
    fresnel::ir::validate(&ir).expect("valid IR");
    let mut it = fresnel_interp::Interp::new(&ir).expect("interpreter");
    it.set_buffer("Out", vec![0u8; 4 * n * rows])
        .expect("buffer");
    it.run_compute([1, 1, 1]).expect("runs");
    let b = it.buffer("Out").expect("written back");
    b.chunks(4)
        .take(n * rows)
        .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

#[test]
fn subgroup_products_clusters_and_partitions_compute_per_invocation() {
    // 6 invocations, x = 1..6.
    let r = run_subgroup(
        "    r[i] = subgroupMul(x);
    r[6 + i] = subgroupInclusiveMul(x);
    r[12 + i] = subgroupExclusiveMul(x);
    r[18 + i] = subgroupClusteredAdd(x, 2u);
    r[24 + i] = subgroupClusteredMax(x, 4u);
    uvec4 p = subgroupPartitionNV(x % 2);
    r[30 + i] = int(p.x);
    r[36 + i] = subgroupPartitionedAddNV(x, p);
    r[42 + i] = subgroupPartitionedExclusiveMulNV(x, p);",
        6,
        8,
    );
    let row = |k: usize| r[6 * k..6 * k + 6].to_vec();
    assert_eq!(row(0), vec![720; 6]);
    assert_eq!(row(1), vec![1, 2, 6, 24, 120, 720]);
    assert_eq!(row(2), vec![1, 1, 2, 6, 24, 120]);
    assert_eq!(row(3), vec![3, 3, 7, 7, 11, 11]);
    assert_eq!(row(4), vec![4, 4, 4, 4, 6, 6]);
    // x % 2: lanes 0, 2, 4 (x odd) and 1, 3, 5 (x even).
    assert_eq!(
        row(5),
        vec![0b10101, 0b101010, 0b10101, 0b101010, 0b10101, 0b101010]
    );
    assert_eq!(row(6), vec![9, 12, 9, 12, 9, 12]);
    assert_eq!(row(7), vec![1, 1, 1, 2, 3, 8]);
}

#[test]
fn amd_shader_ballot_reductions() {
    let src = "#version 450
#extension GL_AMD_shader_ballot : require
#extension GL_KHR_shader_subgroup_basic : require
layout(local_size_x = 4) in;
layout(std430, binding = 0) buffer Out { int r[]; };
void main() {
    uint i = gl_SubgroupInvocationID;
    int x = 10 - int(i);
    r[i] = addInvocationsAMD(x);
    r[4 + i] = minInvocationsInclusiveScanAMD(x);
    r[8 + i] = maxInvocationsExclusiveScanNonUniformAMD(x);
}
";
    let run = fresnel::check(
        SourceInput::new("t.comp", src),
        &Options::default(),
        &mut NoIncludes,
    );
    assert!(
        !run.has_errors(),
        "{}",
        run.render_diagnostics(fresnel::ErrorFormat::Human, false)
    );
    let module = run.hir.as_ref().expect("checked");
    let ir = fresnel::lower::lower(module, &run.interner, &Default::default()).expect("lowered");
    fresnel::ir::validate(&ir).expect("valid IR");
    let mut it = fresnel_interp::Interp::new(&ir).expect("interpreter");
    it.set_buffer("Out", vec![0u8; 48]).expect("buffer");
    it.run_compute([1, 1, 1]).expect("runs");
    let b = it.buffer("Out").expect("written back");
    let r: Vec<i32> = b
        .chunks(4)
        .take(12)
        .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    assert_eq!(&r[0..4], &[34, 34, 34, 34]);
    assert_eq!(&r[4..8], &[10, 9, 8, 7]);
    // The exclusive max of the first invocation is the identity (INT_MIN).
    assert_eq!(&r[8..12], &[i32::MIN, 10, 10, 10]);
}

#[test]
fn amd_image_load_store_lod() {
    let src = "#version 450
#extension GL_AMD_shader_image_load_store_lod : require
#extension GL_ARB_sparse_texture2 : require
layout(rgba32f, binding = 0) uniform image2D img;
layout(location = 0) out vec4 c;
void main() {
    vec4 t;
    c = imageLoadLodAMD(img, ivec2(1, 2), 3);
    imageStoreLodAMD(img, ivec2(0), 1, c);
    int code = sparseImageLoadLodAMD(img, ivec2(3), 2, t);
    c += t * float(code);
}
";
    let s = lower("lod.frag", src);
    assert_eq!(intrinsics(&s, Intrinsic::ImageDerefLoadLod).len(), 1);
    assert_eq!(intrinsics(&s, Intrinsic::ImageDerefStoreLod).len(), 1);
    let sparse = intrinsics(&s, Intrinsic::ImageDerefSparseLoadLod);
    assert_eq!(sparse.len(), 1);
    let f = &s.functions[s.entry.expect("main")];
    // The level is the third source.
    assert!(matches!(
        &f.def(sparse[0].srcs[2]).kind,
        InstrKind::LoadConst { values, .. } if values[0] == 2
    ));
}

/// Descriptor heaps (GL_EXT_descriptor_heap): heap arrays keep their array type and mode
/// with a heap in place of a binding (never sized from their indices); structured heap
/// blocks are `ubo` structs without IR offsets, their `buffer_type` members opaque buffer
/// descriptors entered by a `deref_cast`, their offsets constant, specialization constants
/// or block members. Both forms lower, validate and round-trip the text form; the
/// interpreter refuses them by name.
#[test]
fn descriptor_heaps_lower_to_heap_variables() {
    use fresnel::ir::{DerefKind, HeapKind, HeapOffset};
    let arrays = "#version 460
#extension GL_EXT_descriptor_heap : require
layout(local_size_x = 1) in;
layout(descriptor_heap, descriptor_stride = 64) buffer O { uint data; } ssbo[];
layout(descriptor_heap) uniform sampler samplers[];
layout(descriptor_heap) uniform texture2D textures[];
layout(binding = 0) buffer Out { vec4 v; } outBuf;
void main() {
    ssbo[3].data = 1u;
    outBuf.v = textureLod(sampler2D(textures[5], samplers[1]), vec2(0.5), 0.0);
}
";
    let s = lower("vk.comp", arrays);
    let o = var(&s, "O");
    let h = o.heap.as_ref().expect("a heap variable");
    assert_eq!(
        (h.kind, h.stride, &h.offset),
        (HeapKind::Resource, Some(64), &None)
    );
    assert_eq!((o.binding, o.set), (None, None));
    // Unsized: the heap's size is the API's (constant indices do not size it).
    assert!(matches!(s.types.get(o.ty), Type::Array { len: 0, .. }));
    assert_eq!(
        var(&s, "samplers").heap.as_ref().map(|h| h.kind),
        Some(HeapKind::Sampler)
    );
    assert_eq!(
        var(&s, "textures").heap.as_ref().map(|h| h.kind),
        Some(HeapKind::Resource)
    );
    // An ordinary binding stays one.
    assert!(var(&s, "Out").heap.is_none());

    let structured = "#version 460
#extension GL_EXT_descriptor_heap : require
#extension GL_EXT_structured_descriptor_heap : require
#extension GL_EXT_scalar_block_layout : require
layout(local_size_x = 1) in;
layout(constant_id = 7) const uint off = 64;
layout(push_constant) uniform P { vec4 pad; uint samplerOffset; } pc;
layout(buffer_type, scalar) buffer Data { uint a; uint b; };
layout(heap_offset = 256) resourceheap H { uint count; Data data; texture2D t; } h;
layout(heap_offset = off) resourceheap H2 { Data data; } h2;
layout(heap_offset = pc.samplerOffset) samplerheap S { sampler s; } smp;
layout(binding = 0) buffer Out { vec4 v; } outBuf;
void main() {
    h.data.a = h2.data.b + h.count;
    outBuf.v = textureLod(sampler2D(h.t, smp.s), vec2(0.5), 0.0);
}
";
    let s = lower("vk.comp", structured);
    let hv = var(&s, "H");
    assert_eq!(hv.mode, VarMode::Ubo);
    let h = hv.heap.as_ref().expect("a heap block");
    assert_eq!(
        (h.kind, &h.offset),
        (HeapKind::Resource, &Some(HeapOffset::Const(256)))
    );
    let Type::Struct { fields, .. } = s.types.get(hv.ty) else {
        panic!("a struct")
    };
    assert!(fields.iter().all(|f| f.offset.is_none()));
    assert!(
        matches!(s.types.get(fields[1].ty), Type::Opaque(n) if n == fresnel::ir::Heap::STORAGE_BUFFER)
    );
    assert_eq!(
        var(&s, "H2").heap.as_ref().and_then(|h| h.offset.clone()),
        Some(HeapOffset::Spec(7))
    );
    let (pid, _) = s
        .vars
        .iter()
        .find(|(_, v)| v.name == "P")
        .expect("push constants");
    assert_eq!(
        var(&s, "S").heap.as_ref().and_then(|h| h.offset.clone()),
        Some(HeapOffset::Member {
            var: pid,
            path: vec![1]
        })
    );
    // The buffer descriptors are entered by `deref_cast`s into storage-buffer memory.
    let casts: Vec<VarMode> = s.functions[s.entry.expect("main")]
        .instrs
        .values()
        .filter_map(|i| match &i.kind {
            InstrKind::Deref(d) if matches!(d.kind, DerefKind::Cast { .. }) => Some(d.mode),
            _ => None,
        })
        .collect();
    assert_eq!(casts, [VarMode::Ssbo, VarMode::Ssbo]);
    // The interpreter does not model heaps: it says so.
    let e = fresnel_interp::Interp::new(&s).err().expect("refused");
    assert!(e.to_string().contains("descriptor heap"), "{e}");
}

/// Structured heap members keep their image formats, memory qualifiers (a `buffer_type`
/// member's include its block type's) and `descriptor_size` in the variable's member
/// decorations (printed and parsed back by `lower`'s round trip); `descriptor_size` on a
/// member holding no descriptor is refused.
#[test]
fn structured_heap_member_qualifiers_lower_to_member_decorations() {
    let src = "#version 460
#extension GL_EXT_descriptor_heap : require
#extension GL_EXT_structured_descriptor_heap : require
layout(local_size_x = 1) in;
layout(buffer_type) writeonly buffer W { uint v; };
resourceheap H {
    uint count;
    layout(rgba8) readonly image2D src;
    layout(descriptor_size = 64) W w[2];
} h;
void main() { h.w[1].v = uint(imageLoad(h.src, ivec2(0)).x) + h.count; }
";
    let s = lower("vk.comp", src);
    let m = &var(&s, "H").members;
    assert_eq!(m.len(), 3);
    assert_eq!(m[1].format.as_deref(), Some("rgba8"));
    assert_eq!(m[1].access, fresnel::ir::access::READONLY);
    assert_eq!(m[2].access, fresnel::ir::access::WRITEONLY);
    assert_eq!(m[2].descriptor_size, Some(64));
    assert!(m[0].is_default());
    let plain = "#version 460
#extension GL_EXT_descriptor_heap : require
#extension GL_EXT_structured_descriptor_heap : require
layout(local_size_x = 1) in;
resourceheap H { layout(descriptor_size = 16) uint x; } h;
void main() {}
";
    let e = lower_error("plain.comp", plain);
    assert!(e.contains("descriptor_size"), "{e}");
}
