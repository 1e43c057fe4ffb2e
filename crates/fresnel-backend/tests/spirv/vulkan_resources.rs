//! Vulkan resources in SPIR-V (issue 5, helper B): descriptor arrays of arrays become one
//! array level (`spv.AofA.frag`: spirv-val rejects two levels), GL_NV_push_constant_bank
//! decorations (`spv.pushConstantBank.vert`), and bindless objects stored into opaque
//! variables (piglit `func-call-uvec2-texture2D.frag`). Read back word by word.

use crate::support;

use crate::support::instructions;

use fresnel::{Options, SourceInput, Stage, TargetEnv};
use fresnel_backend::spirv::{self, SpirvOptions};

fn compile(stage: Stage, target: TargetEnv, src: &str) -> Result<Vec<u32>, String> {
    let opts = Options {
        stage: Some(stage),
        target,
        ..Options::default()
    };
    let run = fresnel::lower_to_ir(
        SourceInput::new("t.glsl", src),
        &opts,
        &mut fresnel::NoIncludes,
    );
    if run.has_errors() {
        return Err(run.render_diagnostics(fresnel::ErrorFormat::Human, false));
    }
    let ir = run.ir.expect("lowered");
    let env = match target {
        TargetEnv::Vulkan { minor } => spirv::TargetEnv::Vulkan { minor },
        _ => spirv::TargetEnv::OpenGl,
    };
    let sopts = SpirvOptions {
        target: env,
        ..SpirvOptions::default()
    };
    spirv::emit(&ir, &sopts).map_err(|e| e.to_string())
}

#[track_caller]
fn validate(words: &[u32], env: spirv::TargetEnv) {
    if support::have_spirv_val() {
        if let Err(e) = support::validate(words, env) {
            panic!("spirv-val: {e}");
        }
    } else {
        eprintln!("spirv-val not installed: validation skipped");
    }
}

const OP_TYPE_ARRAY: u16 = 28;
const OP_TYPE_POINTER: u16 = 32;
const OP_VARIABLE: u16 = 59;
const OP_DECORATE: u16 = 71;
const OP_CAPABILITY: u16 = 17;
const OP_CONSTANT: u16 = 43;

/// The array lengths (outermost first) of the type each `Uniform`/`UniformConstant`/
/// `StorageBuffer` variable points to.
fn resource_array_dims(words: &[u32]) -> Vec<Vec<u32>> {
    let ins = instructions(words);
    let def = |id: u32| {
        ins.iter()
            .find(|(op, o)| *op != OP_DECORATE && o.first() == Some(&id))
    };
    let constant = |id: u32| {
        ins.iter()
            .find(|(op, o)| *op == OP_CONSTANT && o.get(1) == Some(&id))
            .map(|(_, o)| o[2])
    };
    let mut out = Vec::new();
    for (op, o) in &ins {
        if *op != OP_VARIABLE || !matches!(o[2], 0 | 2 | 12) {
            continue;
        }
        let Some((_, p)) = def(o[0]).filter(|(op, _)| *op == OP_TYPE_POINTER) else {
            continue;
        };
        let mut t = p[2];
        let mut dims = Vec::new();
        while let Some((OP_TYPE_ARRAY, a)) = def(t) {
            dims.push(constant(a[2]).expect("constant length"));
            t = a[1];
        }
        out.push(dims);
    }
    out.sort();
    out
}

#[test]
fn descriptor_arrays_of_arrays_have_one_level() {
    let src = r#"#version 450
layout(binding = 0) uniform U { vec4 v; } u[2][3];
layout(binding = 1) uniform sampler2D t[3][2][2];
layout(binding = 2) buffer S { float x[]; } s[2][2];
layout(location = 0) flat in ivec3 i;
layout(location = 0) out vec4 o;
void main() {
    o = u[i.x][i.y].v + texture(t[i.x][i.y][i.z], vec2(0.5)) + u[1][2].v;
    s[i.y][1].x[i.z] = o.x;
}
"#;
    for minor in [0, 2] {
        let words = compile(Stage::Fragment, TargetEnv::Vulkan { minor }, src).expect("compiles");
        validate(&words, spirv::TargetEnv::Vulkan { minor });
        assert_eq!(
            resource_array_dims(&words),
            vec![vec![4], vec![6], vec![12]]
        );
    }
    // OpenGL SPIR-V keeps them.
    let words = compile(Stage::Fragment, TargetEnv::OpenGl, src).expect("compiles");
    validate(&words, spirv::TargetEnv::OpenGl);
    assert_eq!(
        resource_array_dims(&words),
        vec![vec![2, 2], vec![2, 3], vec![3, 2, 2]]
    );
}

#[test]
fn push_constant_banks() {
    // glslang/Test/spv.pushConstantBank.vert, shortened. Debian's spirv-val (2023.1) does
    // not know SPV_NV_push_constant_bank, so this reads the words only.
    let src = "#version 460\n#extension GL_NV_push_constant_bank : enable\nlayout(push_constant) uniform A { uint a; } pa;\nlayout(push_constant, bank = 1) uniform B { uint b; } pb;\nlayout(push_constant, bank = 2, member_offset = 64) uniform C { uint c; } pc;\nvoid main() { gl_Position = vec4(pa.a + pb.b + pc.c); }\n";
    let words = compile(Stage::Vertex, TargetEnv::Vulkan { minor: 0 }, src).expect("compiles");
    let ins = instructions(&words);
    assert!(ins
        .iter()
        .any(|(op, o)| *op == OP_CAPABILITY && o == &[5423]));
    let mut banks: Vec<u32> = ins
        .iter()
        .filter(|(op, o)| *op == OP_DECORATE && o.len() == 3 && o[1] == 5397)
        .map(|(_, o)| o[2])
        .collect();
    banks.sort();
    // On the block type and on the variable of banks 1 and 2.
    assert_eq!(banks, vec![1, 1, 2, 2]);
    let offsets: Vec<u32> = ins
        .iter()
        .filter(|(op, o)| *op == OP_DECORATE && o.len() == 3 && o[1] == 5358)
        .map(|(_, o)| o[2])
        .collect();
    assert_eq!(offsets, vec![64]);
}

/// Needs the one-line `copy_bindless` hook in `spirv/instr.rs` (issue 5 report of helper
/// B): `I::CopyDeref if self.copy_bindless(x)? => {}` before the `I::CopyDeref` arm.
#[test]
fn bindless_object_copied_into_an_opaque_local() {
    // piglit/tests/spec/arb_bindless_texture/compiler/samplers/func-call-uvec2-texture2D.frag
    let src = r#"#version 330
#extension GL_ARB_bindless_texture: require
layout (bindless_sampler) uniform sampler2D tex;
uniform uvec2 handleOffset;
out vec4 finalColor;
void adjustSamplerHandle(inout sampler2D s) {
    uvec2 handle = uvec2(s);
    handle.x -= 0x12345678u;
    handle.y -= 0x9abcdef0u;
    s = sampler2D(handle + handleOffset);
}
void main() {
    sampler2D s = tex;
    adjustSamplerHandle(s);
    finalColor = texture2D(s, vec2(0, 0));
}
"#;
    let words = compile(Stage::Fragment, TargetEnv::OpenGl, src).expect("compiles");
    validate(&words, spirv::TargetEnv::OpenGl);
    let ins = instructions(&words);
    // OpConvertUToSampledImageNV, and its result stored (into `s`).
    let converted: Vec<u32> = ins
        .iter()
        .filter(|(op, _)| *op == 5395)
        .map(|(_, o)| o[1])
        .collect();
    assert_eq!(converted.len(), 1);
    assert!(ins
        .iter()
        .any(|(op, o)| *op == 62 && o.get(1) == Some(&converted[0])));
}

#[test]
fn per_view_and_per_primitive_members() {
    // After glslang/Test/spv.meshShaderPerViewUserDefined.mesh and
    // spv.meshShaderPerViewBuiltins.mesh (GL_NV_mesh_shader).
    let src = r#"#version 450
#extension GL_NV_mesh_shader : enable
layout(local_size_x = 32) in;
layout(max_vertices = 81) out;
layout(max_primitives = 32) out;
layout(triangles) out;
layout(location = 0) out block {
    perprimitiveNV perviewNV vec4 color1[][3];
    perprimitiveNV vec4 color2[3];
    perviewNV vec4 color3[gl_MaxMeshViewCountNV][3];
    vec4 color4;
} b[];
void main() {
    uint iid = gl_LocalInvocationID.x;
    uint viewID = gl_MeshViewIndicesNV[gl_MeshViewCountNV % gl_MaxMeshViewCountNV];
    b[iid].color1[viewID][2] = vec4(1.0);
    b[iid].color2[1] = vec4(2.0);
    b[iid].color3[viewID][2] = vec4(3.0);
    b[iid].color4 = vec4(4.0);
    gl_MeshVerticesNV[iid].gl_PositionPerViewNV[viewID] = vec4(5.0);
}
"#;
    let words = compile(Stage::Mesh, TargetEnv::Vulkan { minor: 1 }, src).expect("compiles");
    validate(&words, spirv::TargetEnv::Vulkan { minor: 1 });
    let ins = instructions(&words);
    const OP_MEMBER_DECORATE: u16 = 72;
    let members = |d: u32| -> Vec<u32> {
        let mut v: Vec<u32> = ins
            .iter()
            .filter(|(op, o)| *op == OP_MEMBER_DECORATE && o.len() == 3 && o[2] == d)
            .map(|(_, o)| o[1])
            .collect();
        v.sort();
        v
    };
    assert_eq!(members(5272), vec![0, 2], "PerViewNV members");
    assert_eq!(members(5271), vec![0, 1], "PerPrimitiveNV members");
    // gl_PositionPerViewNV (BuiltIn 5261) is decorated PerViewNV.
    let pos = ins
        .iter()
        .find(|(op, o)| *op == OP_DECORATE && o.len() == 3 && o[1] == 11 && o[2] == 5261)
        .map(|(_, o)| o[0])
        .expect("gl_PositionPerViewNV");
    assert!(ins
        .iter()
        .any(|(op, o)| *op == OP_DECORATE && o.len() == 2 && o[0] == pos && o[1] == 5272));
}

#[test]
fn mesh_primitive_shading_rate_is_a_block_member() {
    // After glslang/Test/spv.ext.meshShaderBuiltinsShadingRate.mesh.
    let src = r#"#version 460
#extension GL_EXT_mesh_shader : require
#extension GL_EXT_fragment_shading_rate : require
layout(local_size_x = 32) in;
layout(max_vertices = 81, max_primitives = 32, triangles) out;
void main() {
    uint iid = gl_LocalInvocationID.x;
    SetMeshOutputsEXT(81, 32);
    gl_MeshVerticesEXT[iid].gl_Position = vec4(1.0);
    gl_MeshPrimitivesEXT[iid].gl_PrimitiveID = 6;
    gl_MeshPrimitivesEXT[iid].gl_PrimitiveShadingRateEXT = int(iid) & 3;
    gl_PrimitiveTriangleIndicesEXT[iid] = uvec3(0, 1, 2);
}
"#;
    let words = compile(Stage::Mesh, TargetEnv::Vulkan { minor: 2 }, src).expect("compiles");
    validate(&words, spirv::TargetEnv::Vulkan { minor: 2 });
    let ins = instructions(&words);
    const OP_MEMBER_DECORATE: u16 = 72;
    // BuiltIn PrimitiveShadingRateKHR (4432) on member 0 of a block, not on a variable.
    let block = ins
        .iter()
        .find(|(op, o)| *op == OP_MEMBER_DECORATE && o[1] == 0 && o[2] == 11 && o[3] == 4432)
        .map(|(_, o)| o[0])
        .expect("a block member decorated BuiltIn PrimitiveShadingRateKHR");
    assert!(!ins
        .iter()
        .any(|(op, o)| *op == OP_DECORATE && o.len() == 3 && o[1] == 11 && o[2] == 4432));
    assert!(ins
        .iter()
        .any(|(op, o)| *op == OP_MEMBER_DECORATE && o[0] == block && o[2] == 5271));
    assert!(ins
        .iter()
        .any(|(op, o)| *op == OP_DECORATE && o.len() == 2 && o[0] == block && o[1] == 2));
}

#[test]
fn struct_uniforms_holding_opaque_members_are_rejected_for_vulkan() {
    // glslang/Test/spv.functionNestedOpaque.vert: glslang writes an OpTypeStruct holding a
    // sampled image, which spirv-val rejects for Vulkan; GL_KHR_vulkan_glsl has no such
    // uniform. OpenGL SPIR-V has it.
    let src = "#version 450\nuniform struct S { sampler2D s; } si;\nvoid foo(sampler2D t) { texture(t, vec2(0.5)); }\nvoid main() { foo(si.s); }\n";
    let e = compile(Stage::Vertex, TargetEnv::Vulkan { minor: 0 }, src).expect_err("rejected");
    assert!(
        e.contains("uniform `si` is a structure holding opaque members"),
        "{e}"
    );
    let words = compile(Stage::Vertex, TargetEnv::OpenGl, src).expect("compiles");
    validate(&words, spirv::TargetEnv::OpenGl);
}
