//! `v[i]` on a vector value with a non-constant `i` is one `vextractN` in the IR and one
//! `OpVectorExtractDynamic` in SPIR-V (vectors in variables are indexed in memory); checked
//! by execution: a compute shader runs on the
//! Vulkan driver at `-O0` and `-O` and its results must equal the values worked out here.
//! Fails when Vulkan is unavailable, unless `FRESNEL_SKIP_VULKAN=1` is set.

use crate::support::{compute_spirv, f32s, gpu, opcode_count, run_out_ubo, ubo_vec4_int};

const CS: &str = r#"#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 1, std140) uniform U { vec4 p; int k; };
layout(set = 0, binding = 0, std430) buffer Out { vec4 r[4]; };
void main() {
    vec3 v = p.xyz * 2.0;
    ivec4 iv = ivec4(p * 4.0);
    bvec2 bv = bvec2(p.x > 0.0, p.y > 0.0);
    r[0] = vec4(v[k], v[k + 1], v[2 - k], p[k & 3]);
    r[1] = vec4(float(iv[k + 2]), bv[k] ? 1.0 : 0.0, bv[k - 1] ? 1.0 : 0.0, p.wzyx[k]);
    r[2] = vec4(vec2(p.x, p.y)[k], vec3(1.0, 2.0, 3.0)[k + 1], dvec2(p.zw)[k], 0.0);
}
"#;

#[test]
fn dynamic_vector_indexing_computes_the_expected_values() {
    let Some(gpu) = gpu() else { return };
    let p = [0.5f32, -1.25, 2.0, 3.0];
    let k = 1i32;
    let ubo = ubo_vec4_int(p, k);
    let ku = k as usize;
    let v = [p[0] * 2.0, p[1] * 2.0, p[2] * 2.0];
    let iv = p.map(|x| (x * 4.0) as i32);
    let bv = [p[0] > 0.0, p[1] > 0.0];
    let b = |x: bool| if x { 1.0 } else { 0.0 };
    let want = [
        [v[ku], v[ku + 1], v[2 - ku], p[ku & 3]],
        [
            iv[ku + 2] as f32,
            b(bv[ku]),
            b(bv[ku - 1]),
            [p[3], p[2], p[1], p[0]][ku],
        ],
        [
            [p[0], p[1]][ku],
            [1.0, 2.0, 3.0][ku + 1],
            [p[2], p[3]][ku],
            0.0,
        ],
    ];
    for level in [None, Some(fresnel_opt::OptLevel::O)] {
        let got = f32s(&run_out_ubo(&gpu, compute_spirv(CS, level, 0), 64, &ubo));
        for (i, w) in want.iter().enumerate() {
            assert_eq!(&got[i * 4..i * 4 + 4], w, "{level:?}: r[{i}]");
        }
    }
    // The three vector values of `r[2]` (variables and block members are indexed in
    // memory, through access chains), and the component `p.wzyx[k]` maps `k` to (picked
    // from the constant vector of the swizzle, then indexed in memory).
    const OP_VECTOR_EXTRACT_DYNAMIC: u16 = 77;
    let words = compute_spirv(CS, Some(fresnel_opt::OptLevel::O), 0);
    assert_eq!(opcode_count(&words, OP_VECTOR_EXTRACT_DYNAMIC), 4);
}
