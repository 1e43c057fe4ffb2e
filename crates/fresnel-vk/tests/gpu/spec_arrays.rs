//! Arrays sized by specialization constants (issue 5): `shared float t[gl_WorkGroupSize.x]`
//! with `local_size_x_id`, `float p[N * 2]` and a local `int l[N]` keep their lengths
//! specializable in SPIR-V (`OpTypeArray` of an `OpSpecConstant`/`OpSpecConstantOp`), so a
//! pipeline specialized to larger values gets larger arrays and `.length()` answers the
//! specialized length. Runs on the Vulkan driver at `-O0` and `-O`, with and without
//! specialization. Fails when Vulkan is unavailable, unless `FRESNEL_SKIP_VULKAN=1` is set.

use crate::support;

use crate::support::{compute_spirv, gpu};
use fresnel_vk::Gpu;

const CS: &str = r#"#version 450
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const int N = 2;
const int M = N * 2;
shared uint tile[gl_WorkGroupSize.x];
uint p[M];
layout(set = 0, binding = 0, std430) buffer Out { uint r[]; };
void main() {
    uint lid = gl_LocalInvocationID.x;
    tile[lid] = lid * 10u;
    for (int k = 0; k < p.length(); k++) p[k] = uint(k) + lid;
    int l[N];
    for (int k = 0; k < l.length(); k++) l[k] = k;
    barrier();
    uint sum = 0u;
    for (int k = 0; k < M; k++) sum += p[k];
    int lsum = 0;
    for (int k = 0; k < N; k++) lsum += l[k];
    uint next = tile[(lid + 1u) % uint(tile.length())];
    uint base = gl_WorkGroupID.x * 4u;
    r[base * gl_WorkGroupSize.x + lid * 4u] = next;
    r[base * gl_WorkGroupSize.x + lid * 4u + 1u] = uint(p.length());
    r[base * gl_WorkGroupSize.x + lid * 4u + 2u] = sum;
    r[base * gl_WorkGroupSize.x + lid * 4u + 3u] = uint(lsum) + uint(l.length()) * 100u;
}
"#;

/// What invocation `lid` of a group of `x` invocations writes with `N = n`.
fn expected(x: u32, n: u32) -> Vec<u32> {
    let m = 2 * n;
    (0..x)
        .flat_map(|lid| {
            let sum: u32 = (0..m).map(|k| k + lid).sum();
            let lsum: u32 = (0..n).sum();
            [((lid + 1) % x) * 10, m, sum, lsum + n * 100]
        })
        .collect()
}

fn run(gpu: &Gpu, words: &[u32], spec: &[(u32, u32)], x: u32) -> Vec<u32> {
    support::run_specialized(gpu, words, spec, 16 * x as usize)
}

#[test]
fn spec_sized_arrays_follow_specialization() {
    let Some(gpu) = gpu() else { return };
    for level in [None, Some(fresnel_opt::OptLevel::O)] {
        let words = compute_spirv(CS, level, 0);
        assert_eq!(
            run(&gpu, &words, &[], 1),
            expected(1, 2),
            "defaults, {level:?}"
        );
        assert_eq!(
            run(&gpu, &words, &[(0, 8), (1, 5)], 8),
            expected(8, 5),
            "local_size_x = 8, N = 5, {level:?}"
        );
        assert_eq!(
            run(&gpu, &words, &[(0, 3), (1, 1)], 3),
            expected(3, 1),
            "local_size_x = 3, N = 1, {level:?}"
        );
    }
}
