//! Subgroup products and clustered reductions are single instructions:
//! `OpGroupNonUniformIMul` / `FMul` with `Reduce`, `InclusiveScan`, `ExclusiveScan`, and
//! `OpGroupNonUniform<op>` with `ClusteredReduce` and the cluster size as a constant
//! operand (capability GroupNonUniformClustered only when a clustered one is used). No
//! loop over the invocations is written; the GL_NV_shader_subgroup_partitioned forms are
//! `OpGroupNonUniformPartitionNV` and the `Partitioned*NV` group operations. Checked by
//! spirv-val when installed.

use crate::support;

use crate::support::{capabilities, compile_vulkan, instructions};
use fresnel::Stage;

const OP_CONSTANT: u16 = 43;
const OP_LOOP_MERGE: u16 = 246;
const OP_GROUP_NON_UNIFORM_IADD: u16 = 349;
const OP_GROUP_NON_UNIFORM_IMUL: u16 = 351;
const OP_GROUP_NON_UNIFORM_FMUL: u16 = 352;
const OP_GROUP_NON_UNIFORM_SMIN: u16 = 353;
const OP_GROUP_NON_UNIFORM_UMAX: u16 = 357;
const OP_GROUP_NON_UNIFORM_BITWISE_XOR: u16 = 361;
const OP_GROUP_NON_UNIFORM_LOGICAL_AND: u16 = 362;
const CAP_GROUP_NON_UNIFORM_ARITHMETIC: u32 = 63;
const CAP_GROUP_NON_UNIFORM_CLUSTERED: u32 = 67;
const REDUCE: u32 = 0;
const INCLUSIVE_SCAN: u32 = 1;
const EXCLUSIVE_SCAN: u32 = 2;
const CLUSTERED_REDUCE: u32 = 3;

fn shader(body: &str) -> String {
    format!(
        "#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_clustered : require
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer B {{ uint u[8]; int s[8]; vec2 f[8]; uint o[16]; }};
void main() {{
    uint i = gl_LocalInvocationIndex;
{body}
}}"
    )
}

/// `(opcode, group operation, cluster size)` of each subgroup arithmetic instruction, the
/// cluster size read from its `OpConstant`.
fn group_ops(words: &[u32]) -> Vec<(u16, u32, Option<u32>)> {
    let ins = instructions(words);
    let constant = |id: u32| {
        ins.iter()
            .find(|(op, o)| *op == OP_CONSTANT && o[1] == id)
            .map(|(_, o)| o[2])
    };
    ins.iter()
        .filter(|(op, _)| (349..=364).contains(op))
        .map(|(op, o)| (*op, o[3], o.get(5).and_then(|&id| constant(id))))
        .collect()
}

#[test]
fn products_and_clustered_reductions_are_single_instructions() {
    let src = shader(
        "    o[0] = subgroupMul(u[i % 8u]);
    o[1] = subgroupInclusiveMul(u[i % 8u]);
    o[2] = uint(subgroupExclusiveMul(s[i % 8u]));
    o[3] = uint(subgroupMul(f[i % 8u]).x);
    o[4] = uint(subgroupExclusiveMul(f[i % 8u]).y);
    o[5] = subgroupClusteredMul(u[i % 8u], 4u);
    o[6] = subgroupClusteredAdd(u[i % 8u], 1u);
    o[7] = uint(subgroupClusteredMin(s[i % 8u], 16u));
    o[8] = subgroupClusteredMax(u[i % 8u], 32u);
    o[9] = subgroupClusteredXor(u[i % 8u], 2u);
    o[10] = uint(subgroupClusteredAnd(u[i % 8u] > 3u, 8u));
    o[11] = uint(subgroupClusteredMul(f[i % 8u], 2u).x);",
    );
    for optimize in [false, true] {
        for minor in [1, 3] {
            let words = compile_vulkan(Stage::Compute, &src, optimize, minor);
            let what = format!("optimize {optimize}, Vulkan 1.{minor}");
            assert_eq!(
                group_ops(&words),
                vec![
                    (OP_GROUP_NON_UNIFORM_IMUL, REDUCE, None),
                    (OP_GROUP_NON_UNIFORM_IMUL, INCLUSIVE_SCAN, None),
                    (OP_GROUP_NON_UNIFORM_IMUL, EXCLUSIVE_SCAN, None),
                    (OP_GROUP_NON_UNIFORM_FMUL, REDUCE, None),
                    (OP_GROUP_NON_UNIFORM_FMUL, EXCLUSIVE_SCAN, None),
                    (OP_GROUP_NON_UNIFORM_IMUL, CLUSTERED_REDUCE, Some(4)),
                    (OP_GROUP_NON_UNIFORM_IADD, CLUSTERED_REDUCE, Some(1)),
                    (OP_GROUP_NON_UNIFORM_SMIN, CLUSTERED_REDUCE, Some(16)),
                    (OP_GROUP_NON_UNIFORM_UMAX, CLUSTERED_REDUCE, Some(32)),
                    (OP_GROUP_NON_UNIFORM_BITWISE_XOR, CLUSTERED_REDUCE, Some(2)),
                    (OP_GROUP_NON_UNIFORM_LOGICAL_AND, CLUSTERED_REDUCE, Some(8)),
                    (OP_GROUP_NON_UNIFORM_FMUL, CLUSTERED_REDUCE, Some(2)),
                ],
                "{what}"
            );
            let caps = capabilities(&words);
            assert!(caps.contains(&CAP_GROUP_NON_UNIFORM_ARITHMETIC), "{what}");
            assert!(caps.contains(&CAP_GROUP_NON_UNIFORM_CLUSTERED), "{what}");
            assert!(
                !instructions(&words)
                    .iter()
                    .any(|(op, _)| *op == OP_LOOP_MERGE),
                "{what}: a loop"
            );
        }
    }
}

#[test]
fn capabilities_follow_the_forms_used() {
    // Only clustered: no GroupNonUniformArithmetic.
    let words = compile_vulkan(
        Stage::Compute,
        &shader("    o[0] = subgroupClusteredMul(u[i % 8u], 4u);"),
        true,
        1,
    );
    let caps = capabilities(&words);
    assert!(caps.contains(&CAP_GROUP_NON_UNIFORM_CLUSTERED));
    assert!(!caps.contains(&CAP_GROUP_NON_UNIFORM_ARITHMETIC));
    // Only whole-subgroup products: no GroupNonUniformClustered.
    let words = compile_vulkan(
        Stage::Compute,
        &shader("    o[0] = subgroupInclusiveMul(u[i % 8u]);"),
        true,
        1,
    );
    let caps = capabilities(&words);
    assert!(!caps.contains(&CAP_GROUP_NON_UNIFORM_CLUSTERED));
    assert!(caps.contains(&CAP_GROUP_NON_UNIFORM_ARITHMETIC));
}

#[test]
fn partitioned_operations_are_single_instructions() {
    const OP_GROUP_NON_UNIFORM_PARTITION_NV: u16 = 5296;
    const OP_GROUP_NON_UNIFORM_FADD: u16 = 350;
    const CAP_GROUP_NON_UNIFORM_PARTITIONED_NV: u32 = 5297;
    let src = "#version 450
#extension GL_NV_shader_subgroup_partitioned : require
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer B { uint u[8]; vec2 f[8]; uint o[16]; };
void main() {
    uint i = gl_LocalInvocationIndex;
    uvec4 p = subgroupPartitionNV(u[i % 8u]);
    o[0] = subgroupPartitionedMulNV(u[i % 8u], p);
    o[1] = subgroupPartitionedInclusiveXorNV(u[i % 8u], p);
    o[2] = uint(subgroupPartitionedExclusiveAddNV(f[i % 8u], p).x);
}";
    for optimize in [false, true] {
        for minor in [1, 3] {
            let words = compile_vulkan(Stage::Compute, src, optimize, minor);
            let what = format!("optimize {optimize}, Vulkan 1.{minor}");
            let ins = instructions(&words);
            assert_eq!(
                ins.iter()
                    .filter(|(op, _)| *op == OP_GROUP_NON_UNIFORM_PARTITION_NV)
                    .count(),
                1,
                "{what}"
            );
            let ops: Vec<(u16, u32)> = group_ops(&words)
                .into_iter()
                .map(|(op, g, _)| (op, g))
                .collect();
            assert_eq!(
                ops,
                vec![
                    (OP_GROUP_NON_UNIFORM_IMUL, 6),
                    (OP_GROUP_NON_UNIFORM_BITWISE_XOR, 7),
                    (OP_GROUP_NON_UNIFORM_FADD, 8),
                ],
                "{what}"
            );
            assert!(
                capabilities(&words).contains(&CAP_GROUP_NON_UNIFORM_PARTITIONED_NV),
                "{what}"
            );
            assert!(
                support::has_extension(&words, "SPV_NV_shader_subgroup_partitioned"),
                "{what}"
            );
            assert!(
                !ins.iter().any(|(op, _)| *op == OP_LOOP_MERGE),
                "{what}: a loop"
            );
        }
    }
}
