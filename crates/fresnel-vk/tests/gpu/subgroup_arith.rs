//! Subgroup products and clustered reductions are single SPIR-V instructions
//! (`OpGroupNonUniformIMul` / `FMul` with `Reduce`, `InclusiveScan`, `ExclusiveScan`; the
//! clustered ones with `ClusteredReduce` and the cluster size). Checked by execution: a
//! compute shader of 64 invocations runs on the Vulkan driver at `-O0` and `-O` and on the
//! CPU interpreter, under three active masks, and every result must equal a model written
//! here for the subgroup size each reports (clusters are aligned runs of `size` invocations
//! of the subgroup; inactive invocations do not contribute).
//! Fails when Vulkan is unavailable, unless `FRESNEL_SKIP_VULKAN=1` is set.

use crate::support;

use crate::support::{compute_spirv, gpu, opcode_count, run_out_ubo};

/// Words written per invocation and mask.
const SLOTS: u32 = 6 + 7 * 6;
/// Words per invocation: three masks.
const STRIDE: u32 = 3 * SLOTS;

/// The shader, with clusters of the sizes given (each at most the subgroup size);
/// `r[64 * STRIDE]` holds `gl_SubgroupSize`.
fn source(sizes: &[u32]) -> String {
    let mut cl = String::new();
    for (n, s) in sizes.iter().enumerate() {
        let k = 6 + 7 * n;
        cl.push_str(&format!(
            "    r[b + {k}u] = subgroupClusteredAdd(x, {s}u); \\\n    r[b + {}u] = subgroupClusteredMul(x, {s}u); \\\n    r[b + {}u] = uint(subgroupClusteredMin(y, {s}u)); \\\n    r[b + {}u] = uint(subgroupClusteredMax(y, {s}u)); \\\n    r[b + {}u] = subgroupClusteredAnd(z, {s}u); \\\n    r[b + {}u] = subgroupClusteredOr(z, {s}u); \\\n    r[b + {}u] = subgroupClusteredXor(z, {s}u); \\\n",
            k + 1,
            k + 2,
            k + 3,
            k + 4,
            k + 5,
            k + 6
        ));
    }
    format!(
        "#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_clustered : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer Out {{ uint r[64 * {STRIDE} + 1]; }};
layout(set = 0, binding = 1, std140) uniform U {{ vec4 p; int k; }};
#define ALL(base) {{ \\
    uint b = i * {STRIDE}u + base; \\
    r[b] = subgroupMul(x); \\
    r[b + 1u] = subgroupInclusiveMul(x); \\
    r[b + 2u] = subgroupExclusiveMul(x); \\
    r[b + 3u] = floatBitsToUint(subgroupMul(f)); \\
    r[b + 4u] = floatBitsToUint(subgroupInclusiveMul(f)); \\
    r[b + 5u] = floatBitsToUint(subgroupExclusiveMul(f)); \\
{cl}    }}
void main() {{
    uint i = gl_LocalInvocationIndex;
    uint x = ((i * 7u) % 13u + 1u) * uint(k);
    int y = int(i % 11u) - 5 * k;
    uint z = (i * 2654435761u) >> 7u;
    float f = (i % 3u) == 0u ? 2.0 : ((i % 3u) == 1u ? p.x : 1.0);
    if (i == 0u) r[64u * {STRIDE}u] = gl_SubgroupSize;
    ALL(0u)
    if (i % 3u != 1u) ALL({SLOTS}u)
    if (i >= 5u && i < 45u) ALL({}u)
}}
",
        2 * SLOTS
    )
}

/// Whether invocation `i` runs a block.
type Active = fn(u32) -> bool;

fn u32s(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// The std140 bytes of `U { vec4 p; int k; }` with `p.x = 0.5`, `k = 1`.
fn ubo() -> Vec<u8> {
    support::ubo_vec4_int([0.5, 0.0, 0.0, 0.0], 1)
}

/// The shader run by the CPU interpreter (one workgroup, compiled for Vulkan 1.1: the
/// subgroup arithmetic needs it); returns `Out`.
fn interpret(src: &str, level: Option<fresnel_opt::OptLevel>, out_bytes: usize) -> Vec<u8> {
    let ir = support::ir(fresnel::Stage::Compute, src, level, 1);
    let mut it = fresnel_interp::Interp::new(&ir).expect("interpreter");
    it.set_buffer("U", ubo()).expect("U");
    it.set_buffer("Out", vec![0; out_bytes]).expect("Out");
    it.run_compute([1, 1, 1]).expect("run");
    it.buffer("Out").expect("Out").to_vec()
}

/// Checks `w` (one run) against the model for subgroups of `sg_size`.
fn check(w: &[u32], sg_size: u32, sizes: &[u32], what: &str) {
    assert_eq!(
        w[(64 * STRIDE) as usize],
        sg_size,
        "{what}: gl_SubgroupSize"
    );
    let x = |i: u32| (i * 7) % 13 + 1;
    let y = |i: u32| (i % 11) as i32 - 5;
    let z = |i: u32| i.wrapping_mul(2654435761) >> 7;
    let f = |i: u32| match i % 3 {
        0 => 2.0f32,
        1 => 0.5,
        _ => 1.0,
    };
    let masks: [(u32, Active); 3] = [
        (0, |_| true),
        (SLOTS, |i| i % 3 != 1),
        (2 * SLOTS, |i| (5..45).contains(&i)),
    ];
    for (base, active) in masks {
        let cluster = |i: u32, size: u32| -> Vec<u32> {
            (0..64)
                .filter(|&j| {
                    active(j)
                        && j / sg_size == i / sg_size
                        && (j % sg_size) / size == (i % sg_size) / size
                })
                .collect()
        };
        for i in 0..64u32 {
            let at = |k: u32| w[(i * STRIDE + base + k) as usize];
            let ctx = format!("{what}, mask at {base}, invocation {i}");
            if !active(i) {
                for k in 0..SLOTS {
                    assert_eq!(at(k), 0, "{ctx}: inactive, slot {k} written");
                }
                continue;
            }
            let sg = cluster(i, sg_size);
            let upto: Vec<u32> = sg.iter().copied().filter(|&j| j <= i).collect();
            let below: Vec<u32> = sg.iter().copied().filter(|&j| j < i).collect();
            let prod = |js: &[u32]| js.iter().fold(1u32, |a, &j| a.wrapping_mul(x(j)));
            let fprod = |js: &[u32]| js.iter().fold(1.0f32, |a, &j| a * f(j));
            assert_eq!(at(0), prod(&sg), "{ctx}: subgroupMul");
            assert_eq!(at(1), prod(&upto), "{ctx}: subgroupInclusiveMul");
            assert_eq!(at(2), prod(&below), "{ctx}: subgroupExclusiveMul");
            assert_eq!(
                f32::from_bits(at(3)),
                fprod(&sg),
                "{ctx}: float subgroupMul"
            );
            assert_eq!(
                f32::from_bits(at(4)),
                fprod(&upto),
                "{ctx}: float subgroupInclusiveMul"
            );
            assert_eq!(
                f32::from_bits(at(5)),
                fprod(&below),
                "{ctx}: float subgroupExclusiveMul"
            );
            for (n, &size) in sizes.iter().enumerate() {
                let k = 6 + 7 * n as u32;
                let c = cluster(i, size);
                let ctx = format!("{ctx}, cluster size {size}");
                let sum = c.iter().fold(0u32, |a, &j| a.wrapping_add(x(j)));
                let min = c.iter().map(|&j| y(j)).min().expect("i is in it");
                let max = c.iter().map(|&j| y(j)).max().expect("i is in it");
                assert_eq!(at(k), sum, "{ctx}: ClusteredAdd");
                assert_eq!(at(k + 1), prod(&c), "{ctx}: ClusteredMul");
                assert_eq!(at(k + 2) as i32, min, "{ctx}: ClusteredMin");
                assert_eq!(at(k + 3) as i32, max, "{ctx}: ClusteredMax");
                let and = c.iter().fold(!0u32, |a, &j| a & z(j));
                let or = c.iter().fold(0u32, |a, &j| a | z(j));
                let xor = c.iter().fold(0u32, |a, &j| a ^ z(j));
                assert_eq!(at(k + 4), and, "{ctx}: ClusteredAnd");
                assert_eq!(at(k + 5), or, "{ctx}: ClusteredOr");
                assert_eq!(at(k + 6), xor, "{ctx}: ClusteredXor");
            }
        }
    }
}

/// Cluster sizes 1, 2, 4, ... up to `limit`, six of them at most.
fn sizes_up_to(limit: u32) -> Vec<u32> {
    (0..6).map(|k| 1u32 << k).filter(|&s| s <= limit).collect()
}

#[test]
fn subgroup_products_and_clustered_reductions_on_the_driver_and_the_interpreter() {
    const OP_GROUP_NON_UNIFORM_IMUL: u16 = 351;
    const OP_GROUP_NON_UNIFORM_FMUL: u16 = 352;
    const OP_LOOP_MERGE: u16 = 246;
    let bytes = (64 * STRIDE as usize + 1) * 4;
    // The interpreter: subgroups of 32.
    let sizes = sizes_up_to(32);
    for level in [None, Some(fresnel_opt::OptLevel::O)] {
        let w = u32s(&interpret(&source(&sizes), level, bytes));
        check(&w, 32, &sizes, &format!("interpreter {level:?}"));
    }
    // One intrinsic each in the IR: no loop over the invocations is left.
    let text = support::ir(fresnel::Stage::Compute, &source(&sizes), None, 1).to_string();
    assert!(text.contains("reduction_op=imul, cluster_size=4"), "{text}");
    assert!(!text.contains("read_invocation"), "{text}");
    // One instruction each, no loop.
    let words = compute_spirv(&source(&sizes), Some(fresnel_opt::OptLevel::O), 1);
    assert_eq!(opcode_count(&words, OP_GROUP_NON_UNIFORM_IMUL), 3 * (3 + 6));
    assert_eq!(opcode_count(&words, OP_GROUP_NON_UNIFORM_FMUL), 3 * 3);
    assert_eq!(opcode_count(&words, OP_LOOP_MERGE), 0);
    let Some(gpu) = gpu() else { return };
    // VkSubgroupFeatureFlags.
    const ARITHMETIC: u32 = 8;
    const CLUSTERED: u32 = 64;
    if !gpu.supports_subgroup(ARITHMETIC) {
        eprintln!("{}: no subgroup arithmetic: skipped", gpu.device_name());
        return;
    }
    // The subgroup size the driver reports (the shader's gl_SubgroupSize must agree).
    let sg_size = gpu.subgroup_size();
    assert!(
        sg_size.is_power_of_two() && (1..=128).contains(&sg_size),
        "subgroup size {sg_size}"
    );
    // Clustered reductions only where the driver says it has them (Mesa 22.3's lavapipe
    // does not, and reduces the whole subgroup).
    let sizes = if gpu.supports_subgroup(CLUSTERED) {
        sizes_up_to(sg_size)
    } else {
        eprintln!(
            "{}: no clustered subgroup operations: only the products are run",
            gpu.device_name()
        );
        Vec::new()
    };
    for level in [None, Some(fresnel_opt::OptLevel::O)] {
        let words = compute_spirv(&source(&sizes), level, 1);
        let w = u32s(&run_out_ubo(&gpu, words, bytes, &ubo()));
        check(
            &w,
            sg_size,
            &sizes,
            &format!("{} {level:?}", gpu.device_name()),
        );
    }
}
