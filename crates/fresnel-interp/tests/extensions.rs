//! GLSL extension constructs lowered by the real front end (`fresnel::lower_to_ir`) and run
//! in the interpreter: separate sampler objects, sparse lookups and residency codes,
//! subroutine uniforms, image loads and stores at a mip level, shader clocks, and the
//! errors for intrinsics the CPU interpreter cannot run.

use fresnel::ir::{SamplerDim, Shader};
use fresnel::{NoIncludes, Options, SourceInput, TargetEnv};
use fresnel_interp::{
    Error, Filter, Fragment, Interp, Level, MipFilter, SamplerState, Texture, Wrap, RESIDENT,
};

/// The four fragments of the 2x2 quad at the origin, in the order (0,0), (1,0), (0,1), (1,1).
fn quad() -> Vec<Fragment> {
    (0..4)
        .map(|i| Fragment {
            x: i & 1,
            y: i >> 1,
        })
        .collect()
}

/// Lowers compute shader `src` (Vulkan GLSL when `vulkan`) to SSA-form IR, panicking with
/// the diagnostics.
fn lower(src: &str, vulkan: bool) -> Shader {
    lower_named("t.comp", src, vulkan)
}

/// As [`lower`], the stage from the name's extension.
fn lower_named(name: &str, src: &str, vulkan: bool) -> Shader {
    let mut opts = Options::default();
    if vulkan {
        opts.target = TargetEnv::Vulkan { minor: 2 };
    }
    let run = fresnel::lower_to_ir(SourceInput::new(name, src), &opts, &mut NoIncludes);
    assert!(
        !run.has_errors(),
        "{}",
        run.render_diagnostics(fresnel::ErrorFormat::Human, false)
    );
    run.ir.expect("lowered")
}

/// The 32-bit words of a buffer.
fn words(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// A 2x2 texture whose texel (x, y) is `(x + 2y, 10 + x + 2y, 0, 1)`, nearest filtering.
fn quad_texture() -> Texture {
    Texture::new(
        SamplerDim::D2,
        false,
        Level::from_fn(2, 2, 1, |x, y, _| {
            let v = f64::from(x + 2 * y);
            [v, 10.0 + v, 0.0, 1.0]
        }),
    )
}

/// Runs one compute invocation with `setup` and returns the words of buffer `Out`.
fn run_compute(sh: &Shader, out_words: usize, setup: impl FnOnce(&mut Interp)) -> Vec<u32> {
    let mut it = Interp::new(sh).expect("interpreter");
    it.set_buffer("Out", vec![0u8; out_words * 4]).expect("Out");
    setup(&mut it);
    it.run_compute([1, 1, 1]).expect("runs");
    words(it.buffer("Out").expect("written"))
}

const SEPARATE: &str = "#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) uniform texture2D t;
layout(set = 0, binding = 1) uniform sampler s;
layout(set = 0, binding = 2, std430) buffer Out { float r[4]; };
void main() {
    vec4 a = textureLod(sampler2D(t, s), vec2(0.5, 0.5), 0.0);
    vec4 b = textureLod(sampler2D(t, s), vec2(1.5, 0.25), 0.0);
    r[0] = a.x;
    r[1] = a.y;
    r[2] = b.x;
    r[3] = float(textureSize(sampler2D(t, s), 0).x);
}
";

#[test]
fn separate_sampler_state_filters_the_texture() {
    let sh = lower(SEPARATE, true);
    let f = |w: Vec<u32>| w.into_iter().map(f32::from_bits).collect::<Vec<_>>();
    // No sampler bound: the texture's own (nearest, repeat) state. (0.5, 0.5) is texel
    // (1, 1) = 3; (1.5, 0.25) is texel (3, 0), wrapped to (1, 0) = 1.
    let own = f(run_compute(&sh, 4, |it| {
        it.bind_texture("t", 0, quad_texture()).expect("t");
    }));
    assert_eq!(own, vec![3.0, 13.0, 1.0, 2.0]);
    // A linear, clamp-to-edge sampler: the centre averages the four texels (1.5); at
    // (1.5, 0.25) the footprint's columns 2 and 3 clamp to column 1, and y = 0.25 is the
    // centre of row 0: 1.
    let linear = SamplerState {
        min_filter: Filter::Linear,
        mag_filter: Filter::Linear,
        mip_filter: MipFilter::None,
        wrap: [Wrap::ClampToEdge; 3],
        ..SamplerState::default()
    };
    let lin = f(run_compute(&sh, 4, |it| {
        it.bind_texture("t", 0, quad_texture()).expect("t");
        it.bind_sampler("s", 0, linear).expect("s");
    }));
    assert_eq!(lin, vec![1.5, 11.5, 1.0, 2.0]);
    // Linear with repeat: at (1.5, 0.25) the footprint's columns 2 and 3 (weights 0.5
    // each, u = 3 - 0.5) wrap to columns 0 and 1 of row 0: (0 + 1) / 2 = 0.5.
    let rep = f(run_compute(&sh, 4, |it| {
        it.bind_texture("t", 0, quad_texture()).expect("t");
        it.bind_sampler(
            "s",
            0,
            SamplerState {
                wrap: [Wrap::Repeat; 3],
                ..linear
            },
        )
        .expect("s");
    }));
    assert_eq!(rep[2], 0.5);
}

#[test]
fn bind_sampler_rejects_non_samplers_and_unknown_names() {
    let sh = lower(SEPARATE, true);
    let mut it = Interp::new(&sh).expect("interpreter");
    assert!(matches!(
        it.bind_sampler("nope", 0, SamplerState::default()),
        Err(Error::Input(_))
    ));
    assert!(matches!(
        it.bind_sampler("Out", 0, SamplerState::default()),
        Err(Error::Input(_))
    ));
}

const SPARSE: &str = "#version 450
#extension GL_ARB_sparse_texture2 : require
layout(local_size_x = 1) in;
layout(binding = 0) uniform sampler2D s2;
layout(binding = 1) uniform sampler2DShadow sh;
layout(binding = 2, std430) buffer Out { uint r[10]; };
void main() {
    vec4 t;
    int code = sparseTextureLodARB(s2, vec2(0.75, 0.75), 0.0, t);
    r[0] = uint(code);
    r[1] = floatBitsToUint(t.x);
    r[2] = floatBitsToUint(t.y);
    r[3] = sparseTexelsResidentARB(code) ? 1u : 0u;
    ivec4 it;
    vec4 ft;
    int c2 = sparseTexelFetchARB(s2, ivec2(1, 0), 0, ft);
    r[4] = uint(c2);
    r[5] = floatBitsToUint(ft.y);
    r[6] = sparseTexelsResidentARB(-1) ? 1u : 0u;
    r[7] = sparseTexelsResidentARB(0) ? 1u : 0u;
    float d;
    int c3 = sparseTextureLodARB(sh, vec3(0.25, 0.25, 0.5), 0.0, d);
    r[8] = uint(c3);
    r[9] = floatBitsToUint(d);
}
";

#[test]
fn sparse_lookups_return_the_texel_and_a_resident_code() {
    let sh = lower(SPARSE, false);
    let w = run_compute(&sh, 10, |it| {
        it.bind_texture("s2", 0, quad_texture()).expect("s2");
        // Depth 0.25 at texel (0, 0): 0.5 <= 0.25 fails (LessEqual compares ref <= depth).
        let depth = Texture::new(
            SamplerDim::D2,
            false,
            Level::from_fn(2, 2, 1, |_, _, _| [0.25, 0.0, 0.0, 1.0]),
        );
        it.bind_texture("sh", 0, depth).expect("sh");
    });
    assert_eq!(RESIDENT, 0);
    assert_eq!(w[0], 0, "residency code");
    assert_eq!(f32::from_bits(w[1]), 3.0, "texel (1, 1)");
    assert_eq!(f32::from_bits(w[2]), 13.0);
    assert_eq!(w[3], 1, "resident");
    assert_eq!(w[4], 0);
    assert_eq!(f32::from_bits(w[5]), 11.0, "fetched texel (1, 0)");
    assert_eq!(w[6], 0, "a non-zero code is not resident");
    assert_eq!(w[7], 1);
    assert_eq!(w[8], 0);
    assert_eq!(f32::from_bits(w[9]), 0.0, "shadow comparison fails");
}

#[test]
fn sparse_gathers_combine_codes_and_sparse_image_loads() {
    let src = "#version 450
#extension GL_ARB_sparse_texture2 : require
layout(local_size_x = 1) in;
layout(binding = 0) uniform sampler2D s2;
layout(binding = 1, rgba32f) uniform readonly image2D img;
layout(binding = 2, std430) buffer Out { uint r[6]; };
void main() {
    vec4 g;
    int c = sparseTextureGatherOffsetsARB(s2, vec2(0.5),
        ivec2[4](ivec2(0), ivec2(1, 0), ivec2(0, 1), ivec2(1)), g, 0);
    r[0] = uint(c);
    r[1] = floatBitsToUint(g.x + g.y + g.z + g.w);
    vec4 t;
    int ci = sparseImageLoadARB(img, ivec2(1, 1), t);
    r[2] = uint(ci);
    r[3] = floatBitsToUint(t.y);
    r[4] = sparseTexelsResidentARB(c | ci) ? 1u : 0u;
    r[5] = floatBitsToUint(t.w);
}
";
    let sh = lower(src, false);
    let w = run_compute(&sh, 6, |it| {
        it.bind_texture("s2", 0, quad_texture()).expect("s2");
        it.bind_texture("img", 0, quad_texture()).expect("img");
    });
    assert_eq!(w[0], 0);
    // Each offset gather at the centre reads the four texels (0, 1, 2, 3) shifted with
    // repeat wrapping; its `w` component (i0, j0) differs per offset: the four offsets
    // pick texels (0,0), (1,0), (0,1), (1,1) -> 0 + 1 + 2 + 3.
    assert_eq!(f32::from_bits(w[1]), 6.0);
    assert_eq!(w[2], 0);
    assert_eq!(f32::from_bits(w[3]), 13.0);
    assert_eq!(w[4], 1);
    assert_eq!(f32::from_bits(w[5]), 1.0);
}

#[test]
fn subroutine_uniforms_select_the_function() {
    let src = "#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Out { int r; };
subroutine int shape(int x);
subroutine(shape) int square(int x) { return x * x; }
subroutine(shape) int twice(int x) { return 2 * x; }
subroutine(shape) int negate(int x) { return -x; }
subroutine uniform shape pick;
void main() { r = pick(7); }
";
    let sh = lower(src, false);
    let run = |index: u64| {
        run_compute(&sh, 1, |it| {
            it.set_uniform("pick", vec![index]).expect("pick");
        })[0] as i32
    };
    assert_eq!(run(0), 49);
    assert_eq!(run(1), 14);
    assert_eq!(run(2), -7);
}

#[test]
fn image_load_and_store_at_a_mip_level() {
    let src = "#version 450
#extension GL_AMD_shader_image_load_store_lod : require
#extension GL_ARB_sparse_texture2 : require
layout(local_size_x = 1) in;
layout(binding = 0, rgba32f) uniform image2D img;
layout(binding = 1, std430) buffer Out { float r[5]; };
void main() {
    r[0] = imageLoadLodAMD(img, ivec2(0, 0), 0).x;
    r[1] = imageLoadLodAMD(img, ivec2(0, 0), 1).x;
    imageStoreLodAMD(img, ivec2(0, 0), 1, vec4(42.0));
    r[2] = imageLoadLodAMD(img, ivec2(0, 0), 1).x;
    // Past the last level: zero.
    r[3] = imageLoadLodAMD(img, ivec2(0, 0), 5).x;
    vec4 t;
    int code = sparseImageLoadLodAMD(img, ivec2(1, 1), 0, t);
    r[4] = t.x + float(code);
}
";
    let sh = lower(src, false);
    let mut tex = quad_texture();
    tex.generate_mipmaps();
    let mut it = Interp::new(&sh).expect("interpreter");
    it.set_buffer("Out", vec![0u8; 20]).expect("Out");
    it.bind_texture("img", 0, tex).expect("img");
    it.run_compute([1, 1, 1]).expect("runs");
    let w: Vec<f32> = words(it.buffer("Out").expect("written"))
        .into_iter()
        .map(f32::from_bits)
        .collect();
    // Level 1 is the 1x1 average of 0, 1, 2, 3.
    assert_eq!(w, vec![0.0, 1.5, 42.0, 0.0, 3.0]);
    // The store reached the bound image's level 1 and left level 0 alone.
    let t = it.texture("img", 0).expect("bound");
    assert_eq!(t.levels[1].texels[0], [42.0; 4]);
    assert_eq!(t.levels[0].texels[0][0], 0.0);
}

#[test]
fn shader_clocks_never_decrease() {
    let src = "#version 450
#extension GL_ARB_shader_clock : require
#extension GL_EXT_shader_realtime_clock : require
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Out { uvec2 r[4]; };
uniform int n;
void main() {
    uvec2 a = clock2x32ARB();
    int s = 0;
    for (int i = 0; i < n; i++) s += i;
    uvec2 b = clock2x32ARB();
    uvec2 c = clockRealtime2x32EXT();
    r[0] = a;
    r[1] = b;
    r[2] = c;
    r[3] = uvec2(s, 0);
}
";
    let sh = lower(src, false);
    let w = run_compute(&sh, 8, |it| {
        it.set_uniform("n", vec![10]).expect("n");
    });
    let t = |k: usize| u64::from(w[2 * k]) | (u64::from(w[2 * k + 1]) << 32);
    assert_eq!(w[6], 45, "the loop ran");
    assert!(t(0) > 0, "instructions ran before the first read");
    // The loop of 10 iterations executed instructions between the two reads.
    assert!(t(1) > t(0) + 10, "{} then {}", t(0), t(1));
    assert!(t(2) >= t(1));
    // Deterministic: a second run reads the same values.
    let again = run_compute(&sh, 8, |it| {
        it.set_uniform("n", vec![10]).expect("n");
    });
    assert_eq!(w, again);
}

#[test]
fn ray_query_intrinsics_are_named_in_unsupported_errors() {
    let src = "#version 460
#extension GL_EXT_ray_query : require
layout(local_size_x = 1) in;
layout(binding = 0) uniform accelerationStructureEXT tlas;
layout(std430, binding = 1) buffer Out { uint r; };
void main() {
    rayQueryEXT q;
    rayQueryInitializeEXT(q, tlas, 0u, 0xFFu, vec3(0.0), 0.0, vec3(0.0, 0.0, 1.0), 1.0);
    r = rayQueryProceedEXT(q) ? 1u : 0u;
}
";
    let sh = lower(src, true);
    let mut it = Interp::new(&sh).expect("interpreter");
    it.set_buffer("Out", vec![0u8; 4]).expect("Out");
    match it.run_compute([1, 1, 1]) {
        Err(Error::Unsupported(m)) => assert!(m.contains("`rq_initialize`"), "{m}"),
        r => panic!("{r:?}"),
    }
}

#[test]
fn separate_sampler_mip_filtering_in_fragment_quads() {
    let src = "#version 450
layout(set = 0, binding = 0) uniform texture2D t;
layout(set = 0, binding = 1) uniform sampler s;
layout(location = 0) out vec4 c;
void main() { c = texture(sampler2D(t, s), gl_FragCoord.xy / 2.0); }
";
    // uv changes by 0.5 per pixel, 2 texels of the 4x4 texture: level of detail 1.
    let sh = lower_named("t.frag", src, true);
    let frags = quad();
    let run = |state: Option<SamplerState>| {
        let mut it = Interp::new(&sh).expect("interpreter");
        let mut tex = Texture::new(
            SamplerDim::D2,
            false,
            Level::from_fn(4, 4, 1, |x, y, _| [f64::from(x + 4 * y), 0.0, 0.0, 1.0]),
        );
        tex.generate_mipmaps();
        it.bind_texture("t", 0, tex).expect("t");
        if let Some(st) = state {
            it.bind_sampler("s", 0, st).expect("s");
        }
        it.run_fragment(&frags).expect("runs");
        it.output("c").expect("c")[0][0]
    };
    // Fragment (0, 0) samples uv (0.25, 0.25).
    let own = f32::from_bits(run(None) as u32);
    let mipped = f32::from_bits(run(Some(SamplerState {
        mip_filter: MipFilter::Nearest,
        ..SamplerState::default()
    })) as u32);
    // The texture's own state has no mip filtering: level 0, texel (1, 1) = 5.
    assert_eq!(own, 5.0);
    // The sampler's nearest mip filter at lod 1: level 1's texel (0, 0), the average of
    // level 0's (0,0), (1,0), (0,1), (1,1) = 2.5.
    assert_eq!(mipped, 2.5);
}

#[test]
fn subgroup_functions_over_two_subgroups() {
    let src = "#version 450
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_quad : require
#extension GL_KHR_shader_subgroup_clustered : require
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Out { uint r[64 * 8]; };
void main() {
    uint i = gl_LocalInvocationIndex;
    uint b = i * 8u;
    r[b + 0u] = subgroupAdd(i);
    r[b + 1u] = subgroupInclusiveAdd(1u);
    r[b + 2u] = subgroupBallotBitCount(subgroupBallot((i & 1u) == 0u));
    r[b + 3u] = gl_SubgroupLtMask.x;
    r[b + 4u] = subgroupShuffleXor(i, 1u);
    r[b + 5u] = subgroupQuadSwapVertical(i);
    r[b + 6u] = subgroupClusteredAdd(i, 4u);
    r[b + 7u] = subgroupMul(i < 32u ? 1u : 2u) + gl_SubgroupInvocationID * 1000u;
}
";
    let sh = lower(src, false);
    let w = run_compute(&sh, 64 * 8, |_| {});
    for i in 0..64u32 {
        let r = &w[(i * 8) as usize..(i * 8 + 8) as usize];
        let sg = i / 32;
        let lane = i % 32;
        // Sum of the subgroup's indices.
        let base = sg * 32;
        assert_eq!(r[0], (base..base + 32).sum::<u32>(), "{i}");
        assert_eq!(r[1], lane + 1, "{i}");
        assert_eq!(r[2], 16, "{i}");
        assert_eq!(r[3], (1u32 << lane) - 1, "{i}");
        assert_eq!(r[4], i ^ 1, "{i}");
        assert_eq!(r[5], i ^ 2, "{i}");
        let q = i & !3;
        assert_eq!(r[6], 4 * q + 6, "{i}");
        // The first subgroup multiplies 32 ones; the second 32 twos, 2^32, wrapping to 0.
        let prod = if sg == 0 { 1 } else { 0 };
        assert_eq!(r[7], prod + lane * 1000, "{i}");
    }
}

#[test]
fn subgroup_builtins_in_vertex_shaders() {
    let src = "#version 450
#extension GL_KHR_shader_subgroup_ballot : require
layout(location = 0) out uvec4 o;
void main() {
    o = uvec4(gl_SubgroupInvocationID, gl_SubgroupSize, gl_SubgroupEqMask.x,
              subgroupBallotExclusiveBitCount(subgroupBallot(true)));
    gl_Position = vec4(0.0);
}
";
    let sh = lower_named("t.vert", src, false);
    let mut it = Interp::new(&sh).expect("interpreter");
    it.run_vertex(70).expect("runs");
    let o = it.output("o").expect("o");
    assert_eq!(o.len(), 70);
    for (v, slots) in o.iter().enumerate() {
        // Groups of 64 vertices, subgroups of 32: vertex 64..69 start a new subgroup.
        let lane = (v % 64 % 32) as u64;
        assert_eq!(slots, &vec![lane, 32, 1 << lane, lane], "vertex {v}");
    }
}

#[test]
fn mesh_intrinsics_are_named_in_unsupported_errors() {
    let src = "#version 460
#extension GL_EXT_mesh_shader : require
layout(local_size_x = 1) in;
layout(triangles, max_vertices = 3, max_primitives = 1) out;
void main() {
    SetMeshOutputsEXT(3u, 1u);
    gl_MeshVerticesEXT[0].gl_Position = vec4(0.0);
}
";
    let sh = lower_named("t.mesh", src, true);
    let mut it = Interp::new(&sh).expect("interpreter");
    match it.run_compute([1, 1, 1]) {
        Err(Error::Unsupported(m)) => {
            assert!(m.contains("`set_vertex_and_primitive_count`"), "{m}")
        }
        r => panic!("{r:?}"),
    }
}

#[test]
fn geometry_shaders_emit_vertices_from_their_inputs() {
    let src = "#version 450
layout(triangles) in;
layout(line_strip, max_vertices = 4) out;
layout(location = 0) out float k;
void main() {
    for (int i = 0; i < 3; i++) {
        gl_Position = gl_in[i].gl_Position + vec4(0.0, 0.0, 0.0, float(gl_InvocationID));
        k = float(i);
        EmitVertex();
    }
    EndPrimitive();
}
";
    let sh = lower_named("t.geom", src, false);
    let mut it = Interp::new(&sh).expect("interpreter");
    let f = |x: f32| u64::from(x.to_bits());
    // Two invocations, each with a triangle of three positions (12 slots).
    let tri = |o: f32| -> Vec<u64> { (0..12).map(|s| f(o + s as f32)).collect() };
    it.set_input("gl_Position", vec![tri(0.0), tri(100.0)])
        .expect("gl_Position");
    it.run_vertex(2).expect("runs");
    let pos = it.find_var("gl_Position").expect("var");
    let k = it.find_var("k").expect("k");
    let em = it.emitted();
    assert_eq!(em.len(), 2);
    for (inv, e) in em.iter().enumerate() {
        assert_eq!(e.len(), 4, "three vertices and the end of the primitive");
        assert!(e[3].end_primitive);
        for (v, vert) in e.iter().take(3).enumerate() {
            assert!(!vert.end_primitive);
            let out = |var| {
                vert.outputs
                    .iter()
                    .find(|(x, _)| *x == var)
                    .map(|(_, s)| s.clone())
                    .expect("output")
            };
            let base = 100.0 * inv as f32 + 4.0 * v as f32;
            let w = base + 3.0 + inv as f32;
            // gl_Position is the ShaderOut variable named like the arrayed input.
            let p: Vec<u64> = out(pos_out(&it, pos));
            assert_eq!(p, vec![f(base), f(base + 1.0), f(base + 2.0), f(w)]);
            assert_eq!(out(k), vec![f(v as f32)]);
        }
    }
}

/// The ShaderOut variable named like `input` (geometry shaders have both a `gl_Position`
/// input array and output).
fn pos_out(it: &Interp, input: fresnel::ir::VarId) -> fresnel::ir::VarId {
    let name = &it.shader().vars[input].name;
    it.output_vars()
        .into_iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v)
        .expect("output")
}

/// GL_QCOM_image_processing, GL_EXT_shader_tile_image and GL_AMD_shader_fragment_mask
/// built-ins are refused by name (the depth read has no sources at all).
#[test]
fn vendor_image_intrinsics_are_named_in_unsupported_errors() {
    let cases = [
        (
            "#extension GL_QCOM_image_processing : require
layout(binding = 0) uniform sampler2D s;
void main() { o = textureBoxFilterQCOM(s, vec2(0.5), vec2(2.0)); }",
            "`image_processing_qcom`",
        ),
        (
            "#extension GL_EXT_shader_tile_image : require
void main() { o = vec4(depthAttachmentReadEXT()); }",
            "`tile_image_read`",
        ),
        (
            "#extension GL_AMD_shader_fragment_mask : require
layout(binding = 0) uniform sampler2DMS s;
void main() { o = vec4(fragmentMaskFetchAMD(s, ivec2(0))); }",
            "`fragment_fetch_amd`",
        ),
    ];
    for (body, name) in cases {
        let (ext, rest) = body.split_once('\n').expect("two parts");
        let src = format!("#version 460\n{ext}\nlayout(location = 0) out vec4 o;\n{rest}\n");
        let sh = lower_named("t.frag", &src, true);
        let mut it = Interp::new(&sh).expect("interpreter");
        match it.run_fragment(&[Fragment { x: 0, y: 0 }]) {
            Err(Error::Unsupported(m)) => assert!(m.contains(name), "{m}"),
            r => panic!("{name}: {r:?}"),
        }
    }
}

/// GL_NV_shader_texture_footprint: a footprint is the GPU's choice of texel groups, which
/// the interpreter cannot make up; a shader querying one is refused when it is loaded, with
/// the extension named (not run with made-up values, not a panic).
#[test]
fn texture_footprints_are_refused() {
    let src = "#version 450
#extension GL_NV_shader_texture_footprint : require
layout(binding = 0) uniform sampler2D s;
layout(location = 0) in vec2 p;
layout(location = 0) out vec4 o;
void main() {
    gl_TextureFootprint2DNV f;
    bool one = textureFootprintNV(s, p, 2, false, f);
    o = vec4(f.anchor, f.lod, one ? 1.0 : 0.0);
}
";
    let sh = lower_named("t.frag", src, true);
    match Interp::new(&sh) {
        Err(Error::Unsupported(m)) => {
            assert!(m.contains("GL_NV_shader_texture_footprint"), "{m}");
            assert!(m.contains("textureFootprint"), "{m}");
        }
        Err(e) => panic!("{e:?}"),
        Ok(_) => panic!("a footprint query was accepted by the interpreter"),
    }
}

/// Whether invocation `i` runs a block.
type Active = fn(u32) -> bool;

// Products, scans of products and clustered reductions are checked against a model, on the
// interpreter (subgroups of 32) and on the Vulkan driver, by
// crates/fresnel-vk/tests/subgroup_arith.rs.

/// GL_NV_shader_subgroup_partitioned: `partition` and the partitioned reductions and scans
/// (single intrinsics), with all invocations active and under a mask: against a model
/// written here (a partition holds the active invocations of the subgroup with an equal
/// value; the reductions run over the ballot given, active invocations only).
#[test]
fn partitioned_subgroup_operations_under_active_masks() {
    let src = "#version 450
#extension GL_NV_shader_subgroup_partitioned : require
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Out { uint r[64 * 16]; };
#define ALL(base) { \\
    uint b = i * 16u + base; \\
    uvec4 p = subgroupPartitionNV(k); \\
    r[b] = p.x; \\
    r[b + 1u] = p.y; \\
    r[b + 2u] = subgroupPartitionedAddNV(x, p); \\
    r[b + 3u] = subgroupPartitionedInclusiveMulNV(x, p); \\
    r[b + 4u] = subgroupPartitionedExclusiveMaxNV(x, p); \\
    r[b + 5u] = subgroupPartitionedXorNV(x, p); }
void main() {
    uint i = gl_LocalInvocationIndex;
    uint k = i % 3u;
    uint x = (i * 7u) % 13u + 1u;
    ALL(0u)
    if (i % 4u != 1u) ALL(8u)
}
";
    let sh = lower(src, false);
    let w = run_compute(&sh, 64 * 16, |_| {});
    let x = |i: u32| (i * 7) % 13 + 1;
    let masks: [(u32, Active); 2] = [(0, |_| true), (8, |i| i % 4 != 1)];
    for (base, active) in masks {
        for i in 0..64u32 {
            let at = |k: u32| w[(i * 16 + base + k) as usize];
            if !active(i) {
                assert!((0..6).all(|k| at(k) == 0), "inactive {i}");
                continue;
            }
            let part: Vec<u32> = (0..64)
                .filter(|&j| active(j) && j / 32 == i / 32 && j % 3 == i % 3)
                .collect();
            let bits = part.iter().fold(0u32, |a, &j| a | 1 << (j % 32));
            let ctx = format!("mask at {base}, invocation {i}");
            assert_eq!(at(0), bits, "partition word 0, {ctx}");
            assert_eq!(at(1), 0, "partition word 1, {ctx}");
            assert_eq!(at(2), part.iter().map(|&j| x(j)).sum::<u32>(), "add, {ctx}");
            let incl = part
                .iter()
                .filter(|&&j| j <= i)
                .fold(1u32, |a, &j| a.wrapping_mul(x(j)));
            assert_eq!(at(3), incl, "inclusive mul, {ctx}");
            let excl = part.iter().filter(|&&j| j < i).map(|&j| x(j)).max();
            assert_eq!(at(4), excl.unwrap_or(0), "exclusive max, {ctx}");
            assert_eq!(at(5), part.iter().fold(0, |a, &j| a ^ x(j)), "xor, {ctx}");
        }
    }
    let text = sh.to_string();
    assert!(text.contains("= partition "), "{text}");
    assert!(!text.contains("read_invocation"), "{text}");
}

#[test]
fn tessellation_control_invocations_share_the_patch_outputs() {
    // Each invocation writes its own element, then (after the barrier) reads every other
    // invocation's: the outputs belong to the patch, not to one invocation.
    let src = "#version 400
layout(vertices = 4) out;
out int v[];
patch out int sum;
void main() {
    v[gl_InvocationID] = gl_InvocationID + 10;
    barrier();
    int s = 0;
    for (int i = 0; i < 4; i++)
        s += v[i];
    if (gl_InvocationID == 3)
        sum = s;
    gl_TessLevelOuter[0] = 1.0;
}
";
    let sh = lower_named("t.tesc", src, false);
    let mut it = Interp::new(&sh).expect("interpreter");
    it.run_vertex(4).expect("runs");
    let v = it.output("v").expect("v");
    let sum = it.output("sum").expect("sum");
    for inv in 0..4 {
        assert_eq!(v[inv], vec![10, 11, 12, 13], "invocation {inv}");
        assert_eq!(sum[inv], vec![46], "invocation {inv}");
    }
}

#[test]
fn rectangle_textures_take_coordinates_in_texels() {
    // A 4x2 rectangle texture: texel (x, y) holds x + 4y. Its coordinates are texels, not
    // [0, 1] (the shadow form compares against the texel the same way).
    let src = "#version 450
layout(local_size_x = 1) in;
layout(binding = 0) uniform sampler2DRect t;
layout(binding = 1) uniform sampler2DRectShadow s;
layout(binding = 2, std430) buffer Out { float r[4]; };
void main() {
    r[0] = texture(t, vec2(0.5, 0.5)).x;
    r[1] = texture(t, vec2(3.5, 1.5)).x;
    r[2] = texture(t, vec2(2.25, 0.75)).x;
    r[3] = texture(s, vec3(3.5, 0.5, 0.5));
}
";
    let sh = lower(src, false);
    let level = || Level::from_fn(4, 2, 1, |x, y, _| [f64::from(x + 4 * y), 0.0, 0.0, 1.0]);
    let depth = Level::from_fn(4, 2, 1, |x, _, _| [f64::from(x) / 3.0, 0.0, 0.0, 1.0]);
    let r = run_compute(&sh, 4, |it| {
        it.bind_texture("t", 0, Texture::new(SamplerDim::Rect, false, level()))
            .expect("t");
        let mut d = Texture::new(SamplerDim::Rect, false, depth);
        d.compare = fresnel_interp::Compare::Less;
        it.bind_texture("s", 0, d).expect("s");
    });
    let f: Vec<f32> = r.iter().map(|w| f32::from_bits(*w)).collect();
    // Texel 3 has depth 1.0: 0.5 < 1.0 passes.
    assert_eq!(f, vec![0.0, 7.0, 2.0, 1.0]);
}

#[test]
fn helper_fragments_give_derivatives_and_write_nothing() {
    // One real fragment and its three quad neighbours as helpers with inputs of their own:
    // the derivatives see the helpers' inputs, the helpers' buffer writes and outputs are
    // dropped, and they count as discarded.
    let src = "#version 450
layout(location = 0) in float v;
layout(location = 0) out vec4 c;
layout(binding = 0, std430) buffer Out { uint n; };
void main() {
    atomicAdd(n, 1u);
    c = vec4(dFdx(v), dFdy(v), gl_HelperInvocation ? 1.0 : 0.0, 1.0);
}
";
    let sh = lower_named("t.frag", src, false);
    let frags = quad();
    let mut it = Interp::new(&sh).expect("interpreter");
    // v = 3x + 5y.
    let v = |i: u32| u64::from(((3 * (i & 1) + 5 * (i >> 1)) as f32).to_bits());
    it.set_input("v", (0..4).map(|i| vec![v(i)]).collect())
        .expect("v");
    it.set_buffer("Out", vec![0u8; 4]).expect("Out");
    it.helper_fragments = vec![false, true, true, true];
    it.run_fragment(&frags).expect("runs");
    let c = it.output("c").expect("c");
    let f = |b: u64| f32::from_bits(b as u32);
    assert_eq!(
        (f(c[0][0]), f(c[0][1]), f(c[0][2])),
        (3.0, 5.0, 0.0),
        "the real fragment's derivatives"
    );
    assert_eq!(it.discarded(), &[false, true, true, true]);
    assert_eq!(words(it.buffer("Out").expect("Out")), vec![1]);
}

#[test]
fn query_lod_reports_the_level_nearest_mip_filtering_reads() {
    // uv changes by 2.5 texels of the 8x8 texture per pixel: λ = log2(2.5) ≈ 1.32. With
    // nearest mip filtering the level read (x) is 1, with linear filtering λ itself; y is λ.
    let src = "#version 450
layout(binding = 0) uniform sampler2D t;
layout(location = 0) out vec4 c;
void main() { c = vec4(textureQueryLod(t, gl_FragCoord.xy * (2.5 / 8.0)), 0.0, 1.0); }
";
    let sh = lower_named("t.frag", src, false);
    let frags = quad();
    let run = |mip: MipFilter| {
        let mut it = Interp::new(&sh).expect("interpreter");
        let mut tex = Texture::new(
            SamplerDim::D2,
            false,
            Level::from_fn(8, 8, 1, |_, _, _| [0.0, 0.0, 0.0, 1.0]),
        );
        tex.generate_mipmaps();
        tex.mip_filter = mip;
        it.bind_texture("t", 0, tex).expect("t");
        it.run_fragment(&frags).expect("runs");
        let c = &it.output("c").expect("c")[0];
        (f32::from_bits(c[0] as u32), f32::from_bits(c[1] as u32))
    };
    let lambda = 2.5f32.log2();
    let (x, y) = run(MipFilter::Nearest);
    assert_eq!(x, 1.0);
    assert!((y - lambda).abs() < 1e-5, "{y}");
    let (x, _) = run(MipFilter::Linear);
    assert!((x - lambda).abs() < 1e-5, "{x}");
}
