//! Which environment a shader is written for: the lowest target at or above the one asked
//! for whose SPIR-V version can express what the shader uses (subgroup operations need
//! SPIR-V 1.3, ray tracing, ray queries, mesh shaders and QCOM image processing 1.4), and OpenGL for the
//! desktop-only features Vulkan lacks (rectangle textures).

use fresnel_ir::{InstrKind, Intrinsic, SamplerDim, Shader, Stage, Type};

use super::TargetEnv;

/// What a shader needs from its environment.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Needs {
    /// The lowest SPIR-V minor version (1.x).
    pub spirv_minor: u8,
    /// Rectangle textures or images (no Vulkan counterpart).
    pub rect: bool,
    /// Non-opaque uniforms outside blocks (no Vulkan counterpart).
    pub default_uniforms: bool,
    /// Texture lookups other than gathers with non-constant offsets (Vulkan allows the
    /// `Offset` image operand on gathers only).
    pub dynamic_offsets: bool,
}

/// Scans a shader for the features that decide its environment.
pub fn needs(shader: &Shader) -> Needs {
    let mut n = Needs::default();
    let bump = |n: &mut Needs, m: u8| n.spirv_minor = n.spirv_minor.max(m);
    match shader.stage {
        Stage::Task | Stage::Mesh if nv_mesh(shader) => {}
        Stage::Task
        | Stage::Mesh
        | Stage::RayGen
        | Stage::Intersect
        | Stage::AnyHit
        | Stage::ClosestHit
        | Stage::Miss
        | Stage::Callable => bump(&mut n, 4),
        _ => {}
    }
    for (_, t) in shader.types.iter() {
        match t {
            Type::Sampler {
                dim: SamplerDim::Rect,
                ..
            }
            | Type::Image {
                dim: SamplerDim::Rect,
                ..
            } => n.rect = true,
            Type::Opaque(name)
                if name.starts_with("acceleration") || name.starts_with("rayQuery") =>
            {
                bump(&mut n, 4)
            }
            _ => {}
        }
    }
    for (_, v) in shader.vars.iter() {
        let arb_ballot = v.name.starts_with("gl_SubGroup") && v.name.ends_with("ARB");
        if v.builtin
            && (arb_ballot
                || matches!(
                    super::spec::builtin(&v.name, true),
                    Some(36..=41 | 4416..=4420)
                ))
        {
            bump(&mut n, 3);
        }
        // SPV_KHR_untyped_pointers (descriptor heaps) needs SPIR-V 1.4.
        if v.heap.is_some() {
            bump(&mut n, 4);
        }
        if v.mode == fresnel_ir::VarMode::Uniform && !shader.types.is_opaque(v.ty) {
            n.default_uniforms = true;
        }
    }
    for (_, f) in shader.functions.iter() {
        for (_, ins) in f.instrs.iter() {
            if ins.removed {
                continue;
            }
            if let InstrKind::Tex(t) = &ins.kind {
                if let Some(o) = t.src(fresnel_ir::TexSrc::Offset) {
                    let constant =
                        matches!(f.instrs[f.values[o].def].kind, InstrKind::LoadConst { .. });
                    if !constant && t.op != fresnel_ir::TexOp::Tg4 {
                        n.dynamic_offsets = true;
                    }
                }
            }
            if let InstrKind::Intrinsic(x) = &ins.kind {
                use Intrinsic as I;
                if matches!(
                    x.op,
                    I::VoteAny
                        | I::VoteAll
                        | I::VoteEq
                        | I::Ballot
                        | I::Elect
                        | I::ReadInvocation
                        | I::ReadFirstInvocation
                        | I::Shuffle
                        | I::Reduce
                        | I::InclusiveScan
                        | I::ExclusiveScan
                        | I::Partition
                        | I::PartitionedReduce
                        | I::PartitionedInclusiveScan
                        | I::PartitionedExclusiveScan
                ) {
                    bump(&mut n, 3);
                }
                // SPV_QCOM_image_processing(2) need SPIR-V 1.4.
                if x.op == I::ImageProcessingQcom {
                    bump(&mut n, 4);
                }
            }
        }
    }
    n
}

/// Whether a task or mesh shader is written for GL_NV_mesh_shader (its built-ins or
/// qualifiers appear), which has execution models of its own (TaskNV, MeshNV).
pub fn nv_mesh(shader: &Shader) -> bool {
    const NV: &[&str] = &[
        "gl_TaskCountNV",
        "gl_PrimitiveCountNV",
        "gl_PrimitiveIndicesNV",
        "gl_MeshViewCountNV",
        "gl_MeshViewIndicesNV",
        "gl_ClipDistancePerViewNV",
        "gl_CullDistancePerViewNV",
        "gl_LayerPerViewNV",
        "gl_PositionPerViewNV",
        "gl_ViewportMaskPerViewNV",
    ];
    matches!(shader.stage, Stage::Task | Stage::Mesh)
        && shader.vars.iter().any(|(_, v)| {
            (v.builtin && NV.contains(&v.name.as_str()))
                || v.ext_quals
                    .iter()
                    .any(|q| matches!(q.as_str(), "perprimitiveNV" | "perviewNV" | "taskNV"))
        })
}

/// The environment to write `shader` for when `requested` is asked for: the lowest Vulkan
/// 1.x at or above a requested Vulkan version whose SPIR-V version has what the shader uses;
/// OpenGL for a Vulkan shader using rectangle textures or non-constant texel offsets outside
/// gathers; a Vulkan version for an OpenGL
/// shader that needs more than SPIR-V 1.0 (OpenGL takes SPIR-V 1.0 only) when it has no
/// uniforms outside blocks. Otherwise `requested`.
pub fn required_target(shader: &Shader, requested: TargetEnv) -> TargetEnv {
    let n = needs(shader);
    let minor_for = |spv: u8| match spv {
        0 => 0,
        1..=3 => 1,
        4 | 5 => 2,
        _ => 3,
    };
    match requested {
        TargetEnv::Vulkan { .. } if (n.rect || n.dynamic_offsets) && n.spirv_minor == 0 => {
            TargetEnv::OpenGl
        }
        TargetEnv::Vulkan { minor } => TargetEnv::Vulkan {
            minor: minor.max(minor_for(n.spirv_minor)),
        },
        TargetEnv::OpenGl if n.spirv_minor > 0 && !n.default_uniforms && !n.rect => {
            TargetEnv::Vulkan {
                minor: minor_for(n.spirv_minor),
            }
        }
        TargetEnv::OpenGl => TargetEnv::OpenGl,
    }
}
