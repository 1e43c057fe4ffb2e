//! The SPIR-V the writer makes for the NV ray-tracing geometry extensions, checked on the
//! module's words at `-O0` and `-O`, and by the validator `SPIRV_VAL_VENDORED` names
//! (SPIRV-Tools v2025.3; Debian's spirv-val knows none of these extensions, so without it the
//! validation is skipped with a note):
//!
//! * GL_NV_cluster_acceleration_structure: `gl_ClusterIDNV` is the `ClusterIDNV` built-in,
//!   `hitObjectGetClusterIdNV` is `OpHitObjectGetClusterIdNV` and
//!   `rayQueryGetIntersectionClusterIdNV` `OpRayQueryGetClusterIdNV`, with the
//!   `RayTracingClusterAccelerationStructureNV` capability;
//! * GL_NV_linear_swept_spheres: the sphere / LSS built-ins, hit-object and ray-query
//!   queries (the LSS end points and radii read whole as arrays of 2), with the
//!   `RayTracingSpheresGeometryNV` / `RayTracingLinearSweptSpheresGeometryNV` capabilities
//!   for what the shader uses;
//! * GL_NV_displacement_micromap: the micro-triangle built-ins (capability
//!   `RayTracingDisplacementMicromapNV`) and `fetchMicroTriangleVertex*NV` (capability
//!   `DisplacementMicromapNV`).

use crate::support;

use crate::support::{capabilities, instructions};
use fresnel::Stage;
use fresnel_backend::spirv;

const OP_EXTENSION: u16 = 10;
const OP_TYPE_ARRAY: u16 = 28;
const OP_DECORATE: u16 = 71;
const DECORATION_BUILTIN: u32 = 11;

const OP_RQ_CLUSTER_ID: u16 = 5345;
const OP_HO_CLUSTER_ID: u16 = 5346;
const OP_RQ_SPHERE_POSITION: u16 = 5427;
const OP_RQ_SPHERE_RADIUS: u16 = 5428;
const OP_RQ_LSS_POSITIONS: u16 = 5429;
const OP_RQ_LSS_RADII: u16 = 5430;
const OP_RQ_LSS_HIT_VALUE: u16 = 5431;
const OP_HO_SPHERE_POSITION: u16 = 5432;
const OP_HO_SPHERE_RADIUS: u16 = 5433;
const OP_HO_LSS_POSITIONS: u16 = 5434;
const OP_HO_LSS_RADII: u16 = 5435;
const OP_HO_IS_SPHERE_HIT: u16 = 5436;
const OP_HO_IS_LSS_HIT: u16 = 5437;
const OP_RQ_IS_SPHERE_HIT: u16 = 5438;
const OP_RQ_IS_LSS_HIT: u16 = 5439;
const OP_FETCH_POSITION: u16 = 5300;
const OP_FETCH_BARYCENTRIC: u16 = 5301;

const CAP_DISPLACEMENT_MICROMAP: u32 = 5380;
const CAP_RT_DISPLACEMENT_MICROMAP: u32 = 5409;
const CAP_SPHERES: u32 = 5418;
const CAP_LSS: u32 = 5419;
const CAP_CLUSTER: u32 = 5437;

/// Compiles for Vulkan 1.3 (through `-O` when `optimize`) and checks the module with the
/// vendored validator, or says that the check is skipped.
#[track_caller]
fn compile(stage: Stage, src: &str, optimize: bool) -> Vec<u32> {
    let target = fresnel::TargetEnv::Vulkan { minor: 3 };
    let words = support::try_compile(stage, target, src, optimize)
        .unwrap_or_else(|e| panic!("compile (optimize {optimize}): {e}"));
    support::check_vendored(&words, "vulkan1.3", &[]);
    words
}

/// The literal string of words `ops`.
fn string(ops: &[u32]) -> String {
    let bytes: Vec<u8> = ops.iter().flat_map(|w| w.to_le_bytes()).collect();
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    String::from_utf8_lossy(&bytes[..end]).into_owned()
}

fn extensions(words: &[u32]) -> Vec<String> {
    instructions(words)
        .into_iter()
        .filter(|(op, _)| *op == OP_EXTENSION)
        .map(|(_, ops)| string(&ops))
        .collect()
}

fn builtins(words: &[u32]) -> Vec<u32> {
    instructions(words)
        .into_iter()
        .filter(|(op, ops)| *op == OP_DECORATE && ops.get(1) == Some(&DECORATION_BUILTIN))
        .map(|(_, ops)| ops[2])
        .collect()
}

fn count(words: &[u32], opc: u16) -> usize {
    instructions(words)
        .into_iter()
        .filter(|(op, _)| *op == opc)
        .count()
}

const CLUSTER_RCHIT: &str = r#"#version 460
#extension GL_EXT_ray_tracing : enable
#extension GL_EXT_ray_query : enable
#extension GL_NV_cluster_acceleration_structure : enable
#extension GL_NV_shader_invocation_reorder : enable
layout(binding = 1) uniform accelerationStructureEXT as;
layout(std430, binding = 0) buffer Out { int r[]; };
void main() {
    hitObjectNV h;
    r[0] = hitObjectGetClusterIdNV(h);
    r[1] = gl_ClusterIDNV;
    rayQueryEXT rq;
    rayQueryInitializeEXT(rq, as, gl_RayFlagsNoneEXT, 0xFF, vec3(0), 0.0, vec3(1, 0, 0), 10.0);
    rayQueryProceedEXT(rq);
    r[2] = rayQueryGetIntersectionClusterIdNV(rq, false);
    r[3] = rayQueryGetIntersectionClusterIdNV(rq, true);
    r[4] = int(r[3] == gl_ClusterIDNoneNV);
}
"#;

#[test]
fn cluster_ids_are_the_nv_cluster_instructions_and_built_in() {
    for optimize in [false, true] {
        let w = compile(Stage::ClosestHit, CLUSTER_RCHIT, optimize);
        assert_eq!(count(&w, OP_HO_CLUSTER_ID), 1, "optimize {optimize}");
        assert_eq!(count(&w, OP_RQ_CLUSTER_ID), 2, "optimize {optimize}");
        assert!(builtins(&w).contains(&5436), "ClusterIDNV");
        assert!(capabilities(&w).contains(&CAP_CLUSTER));
        assert!(extensions(&w).contains(&"SPV_NV_cluster_acceleration_structure".to_string()));
        // Nothing of the other geometry extensions.
        assert!(!capabilities(&w).contains(&CAP_SPHERES));
        assert!(!capabilities(&w).contains(&CAP_LSS));
    }
}

/// The length of the array type the (first) instruction `opc` returns, when it returns an
/// array of a constant length.
fn result_array_len(words: &[u32], opc: u16) -> Option<u32> {
    const OP_CONSTANT: u16 = 43;
    let ins = instructions(words);
    let ty = ins.iter().find(|(op, _)| *op == opc)?.1[0];
    let len_id = ins
        .iter()
        .find(|(op, ops)| *op == OP_TYPE_ARRAY && ops[0] == ty)?
        .1[2];
    ins.iter()
        .find(|(op, ops)| *op == OP_CONSTANT && ops[1] == len_id)
        .map(|(_, ops)| ops[2])
}

const LSS_RCHIT: &str = r#"#version 460
#extension GL_EXT_ray_tracing : enable
#extension GL_NV_linear_swept_spheres : enable
#extension GL_EXT_ray_query : enable
#extension GL_NV_shader_invocation_reorder : enable
layout(binding = 1) uniform accelerationStructureEXT as;
layout(std430, binding = 0) buffer Out { vec4 r[]; };
void main() {
    hitObjectNV h;
    vec3 lp[2];
    float lr[2];
    r[0] = vec4(hitObjectGetSpherePositionNV(h), hitObjectGetSphereRadiusNV(h));
    hitObjectGetLSSPositionsNV(h, lp);
    hitObjectGetLSSRadiiNV(h, lr);
    r[1] = vec4(lp[0] + lp[1], lr[0] + lr[1]);
    r[2] = vec4(float(hitObjectIsSphereHitNV(h)), float(hitObjectIsLSSHitNV(h)), 0, 0);
    rayQueryEXT rq;
    rayQueryInitializeEXT(rq, as, gl_RayFlagsNoneEXT, 0xFF, vec3(0), 0.0, vec3(1, 0, 0), 10.0);
    rayQueryProceedEXT(rq);
    r[3] = vec4(rayQueryGetIntersectionSpherePositionNV(rq, true),
                rayQueryGetIntersectionSphereRadiusNV(rq, false));
    rayQueryGetIntersectionLSSPositionsNV(rq, true, lp);
    rayQueryGetIntersectionLSSRadiiNV(rq, false, lr);
    r[4] = vec4(lp[0] - lp[1], lr[0] * lr[1]);
    r[5] = vec4(rayQueryGetIntersectionLSSHitValueNV(rq, true),
                float(rayQueryIsSphereHitNV(rq, true)), float(rayQueryIsLSSHitNV(rq, false)), 0);
    r[6] = vec4(gl_HitSpherePositionNV, gl_HitSphereRadiusNV);
    r[7] = vec4(gl_HitLSSPositionsNV[1], gl_HitLSSRadiiNV[0]);
    r[8] = vec4(float(gl_HitIsSphereNV), float(gl_HitIsLSSNV), 0, 0);
}
"#;

#[test]
fn linear_swept_spheres_queries_and_built_ins() {
    for optimize in [false, true] {
        let w = compile(Stage::ClosestHit, LSS_RCHIT, optimize);
        for opc in [
            OP_HO_SPHERE_POSITION,
            OP_HO_SPHERE_RADIUS,
            OP_HO_IS_SPHERE_HIT,
            OP_HO_IS_LSS_HIT,
            OP_RQ_SPHERE_POSITION,
            OP_RQ_SPHERE_RADIUS,
            OP_RQ_LSS_HIT_VALUE,
            OP_RQ_IS_SPHERE_HIT,
            OP_RQ_IS_LSS_HIT,
        ] {
            assert_eq!(count(&w, opc), 1, "opcode {opc}, optimize {optimize}");
        }
        // The end points and radii are read whole (an array of 2), once per call.
        for opc in [
            OP_HO_LSS_POSITIONS,
            OP_HO_LSS_RADII,
            OP_RQ_LSS_POSITIONS,
            OP_RQ_LSS_RADII,
        ] {
            assert_eq!(count(&w, opc), 1, "opcode {opc}, optimize {optimize}");
        }
        for (opc, len) in [
            (OP_HO_LSS_POSITIONS, 2),
            (OP_HO_LSS_RADII, 2),
            (OP_RQ_LSS_POSITIONS, 2),
            (OP_RQ_LSS_RADII, 2),
        ] {
            assert_eq!(result_array_len(&w, opc), Some(len), "opcode {opc}");
        }
        // `vec3[2]` and `float[2]`, each declared once (getters, built-ins and locals).
        assert_eq!(count(&w, OP_TYPE_ARRAY), 2, "optimize {optimize}");
        let b = builtins(&w);
        for bi in [5361, 5420, 5396, 5421, 5359, 5360] {
            assert!(b.contains(&bi), "built-in {bi} in {b:?}");
        }
        let caps = capabilities(&w);
        assert!(caps.contains(&CAP_SPHERES) && caps.contains(&CAP_LSS));
        assert!(extensions(&w).contains(&"SPV_NV_linear_swept_spheres".to_string()));
    }
}

const SPHERE_ONLY_RGEN: &str = r#"#version 460
#extension GL_EXT_ray_tracing : enable
#extension GL_NV_shader_invocation_reorder : enable
#extension GL_NV_linear_swept_spheres : enable
layout(std430, binding = 0) buffer Out { vec4 r; };
void main() {
    hitObjectNV h;
    r = vec4(hitObjectGetSpherePositionNV(h), float(hitObjectIsSphereHitNV(h)));
}
"#;

#[test]
fn sphere_queries_alone_need_only_the_spheres_capability() {
    for optimize in [false, true] {
        let w = compile(Stage::RayGen, SPHERE_ONLY_RGEN, optimize);
        let caps = capabilities(&w);
        assert!(caps.contains(&CAP_SPHERES), "{caps:?}");
        assert!(!caps.contains(&CAP_LSS), "{caps:?}");
        assert_eq!(count(&w, OP_HO_SPHERE_POSITION), 1);
    }
}

const DMM_RCHIT: &str = r#"#version 460
#extension GL_EXT_ray_tracing : enable
#extension GL_NV_displacement_micromap : enable
layout(std430, binding = 0) buffer Out { vec4 r[]; uint k; };
void main() {
    r[0] = vec4(gl_HitMicroTriangleVertexPositionsNV[0] + gl_HitMicroTriangleVertexPositionsNV[2], 1.0);
    r[1] = vec4(gl_HitMicroTriangleVertexBarycentricsNV[1], 0.0, 0.0);
    k = gl_HitKindEXT & (gl_HitKindFrontFacingMicroTriangleNV | gl_HitKindBackFacingMicroTriangleNV);
}
"#;

#[test]
fn micro_triangle_built_ins() {
    for optimize in [false, true] {
        let w = compile(Stage::ClosestHit, DMM_RCHIT, optimize);
        let b = builtins(&w);
        for bi in [5337, 5344, 5405, 5406] {
            assert!(b.contains(&bi), "built-in {bi} in {b:?}");
        }
        assert!(capabilities(&w).contains(&CAP_RT_DISPLACEMENT_MICROMAP));
        assert!(extensions(&w).contains(&"SPV_NV_displacement_micromap".to_string()));
    }
}

const DMM_COMP: &str = r#"#version 460
#extension GL_NV_displacement_micromap : enable
#extension GL_EXT_ray_query : enable
layout(local_size_x = 1) in;
layout(binding = 1) uniform accelerationStructureEXT as;
layout(std430, binding = 0) buffer Out { vec3 p; vec2 b; ivec2 at; };
void main() {
    p = fetchMicroTriangleVertexPositionNV(as, 1, 2, 3, at);
    b = fetchMicroTriangleVertexBarycentricNV(as, 1, 2, 3, ivec2(1, 0));
}
"#;

#[test]
fn micro_triangle_fetches() {
    for optimize in [false, true] {
        let w = compile(Stage::Compute, DMM_COMP, optimize);
        assert_eq!(count(&w, OP_FETCH_POSITION), 1);
        assert_eq!(count(&w, OP_FETCH_BARYCENTRIC), 1);
        let caps = capabilities(&w);
        assert!(caps.contains(&CAP_DISPLACEMENT_MICROMAP), "{caps:?}");
        assert!(extensions(&w).contains(&"SPV_NV_displacement_micromap".to_string()));
    }
}
const LSS_RADII_RGEN: &str = r#"#version 460
#extension GL_EXT_ray_tracing : enable
#extension GL_NV_shader_invocation_reorder : enable
#extension GL_NV_linear_swept_spheres : enable
layout(std430, binding = 0) buffer Out { float r; };
void main() {
    hitObjectNV h;
    float lr[2];
    hitObjectGetLSSRadiiNV(h, lr);
    r = lr[1];
}
"#;

/// An element past the end of a value read whole (IR text naming `component=5` of the
/// 2 LSS radii) is refused with a message, not written as an out-of-range extract.
#[test]
fn out_of_range_parts_are_refused() {
    let opts = fresnel::Options {
        stage: Some(Stage::RayGen),
        target: fresnel::TargetEnv::Vulkan { minor: 3 },
        ..fresnel::Options::default()
    };
    let run = fresnel::lower_to_ir(
        fresnel::SourceInput::new("t", LSS_RADII_RGEN),
        &opts,
        &mut fresnel::NoIncludes,
    );
    let text = run.ir.expect("lowers").to_string();
    assert!(text.contains("component=1)"), "{text}");
    let sopts = spirv::SpirvOptions {
        target: spirv::TargetEnv::Vulkan { minor: 3 },
        debug_names: false,
    };
    // As lowered, it is written.
    let ok = fresnel_ir::parse(&text).expect("parses");
    assert!(spirv::emit(&ok, &sopts).is_ok());
    let bad = fresnel_ir::parse(&text.replace("component=1)", "component=5)")).expect("parses");
    let err = spirv::emit(&bad, &sopts).expect_err("refused");
    assert!(err.to_string().contains("out of range"), "{err}");
}
