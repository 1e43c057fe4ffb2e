//! SPIR-V for the constructs whose lowering was added late in issue 4 (helper C): each shader
//! is compiled for its environment, passed through `spirv-val`, and the instructions glslang
//! emits for it are looked for.

use crate::support::{have_spirv_val, validate};

use fresnel::{Options, SourceInput, Stage, TargetEnv};
use fresnel_backend::spirv::{self, SpirvOptions};

/// Lowers `src`, emits SPIR-V for `env`, checks it with spirv-val (when installed) and
/// returns the words.
fn compile(src: &str, stage: Stage, target: TargetEnv, env: spirv::TargetEnv) -> Vec<u32> {
    let opts = Options {
        stage: Some(stage),
        target,
        ..Options::default()
    };
    let run = fresnel::lower_to_ir(
        SourceInput::new("test", src),
        &opts,
        &mut fresnel::NoIncludes,
    );
    let msgs: Vec<String> = run
        .diagnostics
        .as_slice()
        .iter()
        .map(|d| d.message.clone())
        .collect();
    let ir = run
        .ir
        .unwrap_or_else(|| panic!("front end or lowering failed: {msgs:?}"));
    let sopts = SpirvOptions {
        target: env,
        ..SpirvOptions::default()
    };
    let words = spirv::emit(&ir, &sopts).unwrap_or_else(|e| panic!("emit: {e}"));
    if have_spirv_val() {
        if let Err(e) = validate(&words, env) {
            panic!("spirv-val rejects the module: {e}");
        }
    }
    words
}

/// The instructions of a module: (opcode, operands), after the header.
fn instructions(words: &[u32]) -> Vec<(u32, Vec<u32>)> {
    let mut out = Vec::new();
    let mut i = 5;
    while i < words.len() {
        let len = ((words[i] >> 16) as usize).max(1);
        let end = (i + len).min(words.len());
        out.push((words[i] & 0xffff, words[i + 1..end].to_vec()));
        i += len;
    }
    out
}

fn count_op(words: &[u32], opcode: u32) -> usize {
    instructions(words)
        .iter()
        .filter(|(o, _)| *o == opcode)
        .count()
}

fn has_capability(words: &[u32], cap: u32) -> bool {
    instructions(words)
        .iter()
        .any(|(o, ops)| *o == 17 && ops.first() == Some(&cap))
}

const VK12: TargetEnv = TargetEnv::Vulkan { minor: 2 };
const SPV_VK12: spirv::TargetEnv = spirv::TargetEnv::Vulkan { minor: 2 };

/// `traceNV` naming a location no payload variable has: `OpTraceNV` with the location as a
/// constant (glslang's output for spv.RayGenShader.rgen); a location that has a payload
/// keeps `OpTraceRayKHR` on the variable.
#[test]
fn trace_nv_with_a_bare_payload_location() {
    let src = "#version 460
#extension GL_NV_ray_tracing : enable
layout(binding = 0, set = 0) uniform accelerationStructureNV acc;
layout(location = 0) rayPayloadNV vec4 payload;
void main() {
    traceNV(acc, 0u, 0xffu, 0u, 1u, 0u, vec3(0.0), 0.5, vec3(1.0), 0.75, 1);
    traceNV(acc, 0u, 0xffu, 0u, 1u, 0u, vec3(0.0), 0.5, vec3(1.0), 0.75, 0);
}
";
    let w = compile(src, Stage::RayGen, VK12, SPV_VK12);
    assert_eq!(count_op(&w, 5337), 1, "one OpTraceNV");
    assert_eq!(count_op(&w, 4445), 1, "one OpTraceRayKHR");
    assert!(has_capability(&w, 5340), "RayTracingNV capability");
    // The payload id is a constant 1.
    let insts = instructions(&w);
    let trace = insts.iter().find(|(o, _)| *o == 5337).expect("OpTraceNV");
    let payload = *trace.1.last().expect("operands");
    let constant = insts
        .iter()
        .find(|(o, ops)| *o == 43 && ops.get(1) == Some(&payload))
        .expect("the payload id is an OpConstant");
    assert_eq!(constant.1.get(2), Some(&1));
}

const GL: TargetEnv = TargetEnv::OpenGl;

/// `uvec2(sampler)` (GL_ARB_bindless_texture): `OpConvertSampledImageToUNV` with the
/// BindlessTextureNV capability and the module's `OpSamplerImageAddressingModeNV 64`.
#[test]
fn bindless_sampler_handle() {
    let src = "#version 330
#extension GL_ARB_bindless_texture : require
layout(bindless_sampler) uniform sampler2D tex;
out vec4 o;
void main() {
    uvec2 h = uvec2(tex);
    o = vec4(float(h.x), float(h.y), 0.0, 1.0);
}
";
    let w = compile(src, Stage::Fragment, GL, spirv::TargetEnv::OpenGl);
    assert_eq!(count_op(&w, 5396), 1, "OpConvertSampledImageToUNV");
    assert_eq!(count_op(&w, 5397), 1, "OpSamplerImageAddressingModeNV");
    assert!(has_capability(&w, 5390), "BindlessTextureNV");
}

/// Objects made from handles (`sampler2D(uvec2)`, `image2D(uvec2)`): converted with
/// `OpConvertUToSampledImageNV` / `OpConvertUToImageNV` and used directly.
#[test]
fn bindless_objects_from_handles() {
    let src = "#version 330
#extension GL_ARB_bindless_texture : require
#extension GL_ARB_shader_image_load_store : require
uniform uvec2 h0;
uniform uvec2 h1;
out vec4 o;
void main() {
    o = texture(sampler2D(h0), vec2(0.5));
    imageStore(image2D(h1), ivec2(1, 2), o);
}
";
    let w = compile(src, Stage::Fragment, GL, spirv::TargetEnv::OpenGl);
    assert_eq!(count_op(&w, 5395), 1, "OpConvertUToSampledImageNV");
    assert_eq!(count_op(&w, 5391), 1, "OpConvertUToImageNV");
    assert!(has_capability(&w, 5390), "BindlessTextureNV");
}

/// `writePackedPrimitiveIndices4x8NV` as four stores into `PrimitiveIndicesNV`.
#[test]
fn nv_mesh_packed_primitive_indices() {
    let src = "#version 450
#extension GL_NV_mesh_shader : enable
layout(local_size_x = 1) in;
layout(max_vertices = 3, max_primitives = 1) out;
layout(triangles) out;
void main() {
    gl_PrimitiveIndicesNV[0] = 0u;
    writePackedPrimitiveIndices4x8NV(0u, 0x00020100u);
    gl_PrimitiveCountNV = 1;
}
";
    let vk11 = TargetEnv::Vulkan { minor: 1 };
    let w = compile(
        src,
        Stage::Mesh,
        vk11,
        spirv::TargetEnv::Vulkan { minor: 1 },
    );
    // One index, four bytes, the primitive count.
    assert_eq!(count_op(&w, 62), 6, "six OpStores");
}

/// A redeclared `gl_PerVertex` with an unsized `gl_ClipDistance` (glslang's spv.430.vert):
/// no runtime array in the output interface, one ClipDistance built-in.
#[test]
fn redeclared_per_vertex_with_unsized_clip_distance() {
    let src = "#version 450
out gl_PerVertex {
    vec4 gl_Position;
    float gl_ClipDistance[];
};
void main() {
    gl_Position = vec4(0.0);
    gl_ClipDistance[2] = 1.0;
}
";
    let w = compile(
        src,
        Stage::Vertex,
        TargetEnv::Vulkan { minor: 0 },
        spirv::TargetEnv::Vulkan { minor: 0 },
    );
    assert_eq!(count_op(&w, 29), 0, "no OpTypeRuntimeArray");
    let clip = instructions(&w)
        .iter()
        .filter(|(o, ops)| *o == 71 && ops.get(1) == Some(&11) && ops.get(2) == Some(&3))
        .count();
    assert_eq!(clip, 1, "one BuiltIn ClipDistance decoration");
}

/// Compatibility members of a redeclared geometry `gl_PerVertex` (piglit's
/// redeclare-gl_TexCoord-in-gl_PerVertex.geom, used here).
#[test]
fn compatibility_members_of_a_redeclared_per_vertex() {
    let src = "#version 150
#extension GL_ARB_compatibility : enable
layout(points) in;
layout(points, max_vertices = 1) out;
in gl_PerVertex { vec4 gl_TexCoord[3]; vec4 gl_ClipVertex; } gl_in[];
out gl_PerVertex { vec4 gl_TexCoord[4]; vec4 gl_BackColor; };
void main() {
    gl_TexCoord[1] = gl_in[0].gl_TexCoord[2];
    gl_BackColor = gl_in[0].gl_ClipVertex;
    EmitVertex();
}
";
    compile(src, Stage::Geometry, GL, spirv::TargetEnv::OpenGl);
}

/// Per-view members of an NV mesh output block left unsized (glslang's
/// spv.meshShaderPerViewUserDefined.mesh).
#[test]
fn nv_per_view_members() {
    let src = "#version 450
#extension GL_NV_mesh_shader : require
layout(local_size_x = 1) in;
layout(max_vertices = 3, max_primitives = 1) out;
layout(triangles) out;
layout(location = 0) out block {
    perviewNV vec4 color1[][2];
    vec4 color2;
} b[];
void main() {
    b[0].color1[1][0] = vec4(1.0);
    gl_PrimitiveCountNV = 1;
}
";
    let w = compile(src, Stage::Mesh, VK12, SPV_VK12);
    assert_eq!(count_op(&w, 29), 0, "no OpTypeRuntimeArray");
}

/// Derivatives in a compute shader without a derivative group layout are zero (glslang's
/// spv.computeShaderDerivativesNoLayout.comp; its `OpDPdx` there fails spirv-val).
#[test]
fn compute_derivatives_without_a_layout() {
    let src = "#version 450
#extension GL_NV_compute_shader_derivatives : require
layout(local_size_x = 2, local_size_y = 4) in;
layout(set = 0, binding = 1) buffer block { float dx; float dy; float x; float y; };
void main() {
    dx = dFdx(x);
    dy = dFdy(y);
}
";
    let w = compile(
        src,
        Stage::Compute,
        TargetEnv::Vulkan { minor: 0 },
        spirv::TargetEnv::Vulkan { minor: 0 },
    );
    assert_eq!(count_op(&w, 207) + count_op(&w, 208), 0, "no OpDPdx/OpDPdy");
}

/// `sparseTextureClampARB` on a rectangle texture: no `MinLod` operand (glslang's
/// spv.sparseTextureClamp.frag).
#[test]
fn sparse_texture_clamp_on_a_rectangle() {
    let src = "#version 450
#extension GL_ARB_sparse_texture_clamp : enable
uniform sampler2DRect r;
in vec2 c;
out vec4 o;
void main() {
    vec4 texel;
    int code = sparseTextureClampARB(r, c, 1.0, texel);
    o = texel + float(code);
}
";
    compile(src, Stage::Fragment, GL, spirv::TargetEnv::OpenGl);
}

/// Lowers `src` and emits SPIR-V without validating it (for instructions newer than the
/// installed spirv-val).
fn emit_only(src: &str, stage: Stage, target: TargetEnv, env: spirv::TargetEnv) -> Vec<u32> {
    let opts = Options {
        stage: Some(stage),
        target,
        ..Options::default()
    };
    let run = fresnel::lower_to_ir(
        SourceInput::new("test", src),
        &opts,
        &mut fresnel::NoIncludes,
    );
    let ir = run.ir.expect("lowered");
    let sopts = SpirvOptions {
        target: env,
        ..SpirvOptions::default()
    };
    spirv::emit(&ir, &sopts).unwrap_or_else(|e| panic!("emit: {e}"))
}

/// Vector image atomics (GL_NV_shader_atomic_fp16_vector) as glslang emits them
/// (spv.nvAtomicFp16Vec.frag): a texel pointer to the `f16vec2` texel and
/// `OpAtomicFAddEXT` on it, with AtomicFloat16VectorNV. spirv-val 2023.1 predates the
/// capability, so the module is only checked structurally.
#[test]
fn vector_image_atomics() {
    let src = "#version 450
#extension GL_NV_shader_atomic_fp16_vector : enable
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : enable
layout(set = 0, binding = 0, rg16f) uniform image2D img;
layout(set = 0, binding = 1) buffer B { f16vec2 r; };
void main() {
    r = imageAtomicAdd(img, ivec2(0, 0), f16vec2(1.0));
}
";
    let w = emit_only(
        src,
        Stage::Fragment,
        TargetEnv::Vulkan { minor: 0 },
        spirv::TargetEnv::Vulkan { minor: 0 },
    );
    assert!(has_capability(&w, 5404), "AtomicFloat16VectorNV");
    assert_eq!(count_op(&w, 60), 1, "OpImageTexelPointer");
    let insts = instructions(&w);
    let add = insts
        .iter()
        .find(|(o, _)| *o == 6035)
        .expect("OpAtomicFAddEXT");
    // Its result type is a 2-component vector of 16-bit floats.
    let vec = insts
        .iter()
        .find(|(o, ops)| *o == 23 && ops.first() == Some(&add.1[0]))
        .expect("OpTypeVector result");
    assert_eq!(vec.1[2], 2);
    let half = insts
        .iter()
        .find(|(o, ops)| *o == 22 && ops.first() == Some(&vec.1[1]))
        .expect("OpTypeFloat");
    assert_eq!(half.1[1], 16);
}

/// `textureGather*QCOM` as `OpImageGatherQCOM` (4545) with the component and mode as
/// constants and `Offset` for the offset forms, as in glslang's spv.qcom.textureGather.frag.
/// spirv-val 2023.1 predates SPV_QCOM_image_processing3: checked structurally.
#[test]
fn qcom_extended_gathers() {
    let src = "#version 460
#extension GL_QCOM_image_processing3 : enable
layout(location = 0) in vec2 c;
layout(location = 1) in flat ivec2 off;
layout(location = 0) out vec4 o;
layout(binding = 0) uniform sampler2D s;
void main() {
    o = textureGather4x1QCOM(s, c) + textureGatherV2OffsetQCOM(s, c, off, 2);
}
";
    let w = emit_only(
        src,
        Stage::Fragment,
        TargetEnv::Vulkan { minor: 3 },
        spirv::TargetEnv::Vulkan { minor: 3 },
    );
    assert!(has_capability(&w, 4543) && has_capability(&w, 4544));
    let insts = instructions(&w);
    let constant = |id: u32| {
        insts
            .iter()
            .find(|(o, ops)| *o == 43 && ops.get(1) == Some(&id))
            .and_then(|(_, ops)| ops.get(2).copied())
    };
    let gathers: Vec<&Vec<u32>> = insts
        .iter()
        .filter(|(o, _)| *o == 4545)
        .map(|(_, ops)| ops)
        .collect();
    assert_eq!(gathers.len(), 2);
    // result type, result, sampled image, coordinate, component, mode[, Offset, offset]
    assert_eq!(
        (constant(gathers[0][4]), constant(gathers[0][5])),
        (Some(0), Some(0))
    );
    assert_eq!(gathers[0].len(), 6);
    assert_eq!(
        (constant(gathers[1][4]), constant(gathers[1][5])),
        (Some(2), Some(3))
    );
    assert_eq!(gathers[1][6], 0x10, "Offset image operand");
}
