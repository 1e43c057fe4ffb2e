//! Issue 5: the level of detail of lookups in compute shaders. With a derivative group
//! (`layout(derivative_group_quadsNV) in;`, GL_NV/KHR_compute_shader_derivatives) lookups
//! compute it as in fragment shaders (implicit LOD, bias kept); without one derivatives are
//! zero, so they read the base level (explicit LOD 0), `dFdx` is 0 and `textureQueryLod` is a
//! constant (SPIR-V allows neither `OpDPdx` nor `OpImageQueryLod` there). Checked by spirv-val
//! when installed.

use crate::support::{compile_vulkan, instructions};
use fresnel::Stage;

const OP_IMAGE_SAMPLE_IMPLICIT_LOD: u16 = 87;
const OP_IMAGE_SAMPLE_EXPLICIT_LOD: u16 = 88;
const OP_IMAGE_QUERY_LOD: u16 = 105;
const OP_DPDX: u16 = 207;
const IMAGE_OPERAND_BIAS: u32 = 1;
const IMAGE_OPERAND_LOD: u32 = 2;

fn shader(group: &str) -> String {
    format!(
        "#version 450
#extension GL_NV_compute_shader_derivatives : require
layout(local_size_x = 2, local_size_y = 2) in;
{group}
layout(binding = 0) uniform sampler2D s;
layout(std430, binding = 1) buffer O {{ vec4 o[]; }};
void main() {{
    vec2 uv = vec2(gl_LocalInvocationID.xy) * 0.5;
    o[gl_LocalInvocationIndex] = texture(s, uv) + texture(s, uv * 2.0, 1.5)
        + vec4(dFdx(uv), textureQueryLod(s, uv));
}}"
    )
}

/// How many instructions of opcode `op` the module has.
fn count(words: &[u32], op: u16) -> usize {
    instructions(words).iter().filter(|(o, _)| *o == op).count()
}

/// The (opcode, image-operand mask) of each sampling instruction.
fn samples(words: &[u32]) -> Vec<(u16, u32)> {
    instructions(words)
        .into_iter()
        .filter(|(op, _)| {
            matches!(
                *op,
                OP_IMAGE_SAMPLE_IMPLICIT_LOD | OP_IMAGE_SAMPLE_EXPLICIT_LOD
            )
        })
        .map(|(op, o)| (op, o.get(4).copied().unwrap_or(0)))
        .collect()
}

#[test]
fn derivative_groups_give_compute_lookups_an_implicit_lod() {
    for group in [
        "layout(derivative_group_quadsNV) in;",
        "layout(derivative_group_linearNV) in;",
    ] {
        for optimize in [false, true] {
            let words = compile_vulkan(Stage::Compute, &shader(group), optimize, 1);
            let s = samples(&words);
            assert_eq!(s.len(), 2, "{group}");
            assert!(
                s.iter().all(|(op, _)| *op == OP_IMAGE_SAMPLE_IMPLICIT_LOD),
                "{group}: {s:?}"
            );
            assert!(
                s.iter().any(|(_, m)| m & IMAGE_OPERAND_BIAS != 0),
                "{group}: the bias is kept: {s:?}"
            );
            assert_eq!(count(&words, OP_DPDX), 1, "{group}");
            assert_eq!(count(&words, OP_IMAGE_QUERY_LOD), 1, "{group}");
        }
    }
}

#[test]
fn without_a_derivative_group_compute_lookups_read_the_base_level() {
    for optimize in [false, true] {
        let words = compile_vulkan(Stage::Compute, &shader(""), optimize, 1);
        let s = samples(&words);
        assert!(!s.is_empty());
        assert!(
            s.iter()
                .all(|(op, m)| *op == OP_IMAGE_SAMPLE_EXPLICIT_LOD && *m == IMAGE_OPERAND_LOD),
            "{s:?}"
        );
        assert_eq!(count(&words, OP_DPDX), 0);
        assert_eq!(count(&words, OP_IMAGE_QUERY_LOD), 0);
    }
}
