//! GLSL.std.450 instructions the writer re-forms from the IR's expansions
//! (`fresnel-backend/src/spirv/idiom.rs`: Normalize, Length, Distance, Cross, Reflect,
//! FClamp) and vectors built from vector runs, checked by execution: a compute shader runs
//! on the Vulkan driver at `-O0` and `-O` and must compute what the CPU computes; the `-O`
//! module must use the extended instructions.
//! Fails when Vulkan is unavailable, unless `FRESNEL_SKIP_VULKAN=1` is set.

use crate::support::{compute_spirv, f32s, gpu, run_out_ubo};

const CS: &str = r#"#version 450
layout(local_size_x = 16) in;
layout(set = 0, binding = 0, std430) buffer Out { vec4 r[16 * 4]; };
layout(set = 0, binding = 1, std140) uniform U { vec4 a; vec4 b; };

void main() {
    uint i = gl_LocalInvocationID.x;
    float t = float(i) * 0.25 - 1.5;
    vec3 x = a.xyz + vec3(t, -t, 0.5 * t);
    vec3 y = b.xyz - vec3(0.25 * t, t, 1.0);
    vec3 n = normalize(x);
    r[i * 4u + 0u] = vec4(n, length(y));
    r[i * 4u + 1u] = vec4(cross(x, y), distance(x, y));
    r[i * 4u + 2u] = vec4(reflect(y, n), clamp(t, -1.0, 0.75));
    vec2 q = normalize(x.xy);
    r[i * 4u + 3u] = vec4(q, clamp(x.z, 0.0, 2.0), length(y.xy));
}
"#;

type V3 = [f32; 3];

fn dot(a: V3, b: V3) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn scale(a: V3, s: f32) -> V3 {
    a.map(|x| x * s)
}

fn sub(a: V3, b: V3) -> V3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

#[test]
fn extended_instructions_compute_what_the_cpu_computes() {
    let Some(gpu) = gpu() else { return };
    let a = [0.5f32, -1.25, 2.0, 0.0];
    let b = [1.5f32, 0.75, -0.5, 0.0];
    let u: Vec<u8> = a.iter().chain(&b).flat_map(|x| x.to_le_bytes()).collect();
    for (level, minor) in [
        (None, 0),
        (Some(fresnel_opt::OptLevel::O), 0),
        (Some(fresnel_opt::OptLevel::O), 2),
    ] {
        let out = run_out_ubo(&gpu, compute_spirv(CS, level, minor), 16 * 4 * 16, &u);
        let got = f32s(&out);
        for i in 0..16usize {
            let t = i as f32 * 0.25 - 1.5;
            let x = [a[0] + t, a[1] - t, a[2] + 0.5 * t];
            let y = [b[0] - 0.25 * t, b[1] - t, b[2] - 1.0];
            let n = scale(x, 1.0 / dot(x, x).sqrt());
            let c = [
                x[1] * y[2] - x[2] * y[1],
                x[2] * y[0] - x[0] * y[2],
                x[0] * y[1] - x[1] * y[0],
            ];
            let d = sub(x, y);
            let rf = sub(y, scale(n, 2.0 * dot(n, y)));
            let l2 = (x[0] * x[0] + x[1] * x[1]).sqrt();
            let ly = (y[0] * y[0] + y[1] * y[1]).sqrt();
            let want = [
                [n[0], n[1], n[2], dot(y, y).sqrt()],
                [c[0], c[1], c[2], dot(d, d).sqrt()],
                [rf[0], rf[1], rf[2], t.clamp(-1.0, 0.75)],
                [x[0] / l2, x[1] / l2, x[2].clamp(0.0, 2.0), ly],
            ];
            for (row, w) in want.iter().enumerate() {
                for (j, &e) in w.iter().enumerate() {
                    let g = got[(i * 4 + row) * 4 + j];
                    assert!(
                        (g - e).abs() <= 1e-4 * (1.0 + e.abs()),
                        "{level:?} vulkan1.{minor}: r[{}].{j} = {g}, want {e}",
                        i * 4 + row
                    );
                }
            }
        }
    }
}

#[test]
fn optimized_module_uses_extended_instructions() {
    let words = compute_spirv(CS, Some(fresnel_opt::OptLevel::O), 0);
    // OpExtInst operands: type, id, set, instruction.
    let mut insts = std::collections::BTreeMap::<u32, usize>::new();
    let mut i = 5;
    while i < words.len() {
        let len = (words[i] >> 16) as usize;
        if words[i] & 0xffff == 12 && len >= 5 {
            *insts.entry(words[i + 4]).or_default() += 1;
        }
        i += len.max(1);
    }
    let n = |x: u32| insts.get(&x).copied().unwrap_or(0);
    assert!(n(69) >= 2, "Normalize: {insts:?}");
    assert!(n(66) >= 2, "Length: {insts:?}");
    assert!(n(67) >= 1, "Distance: {insts:?}");
    assert!(n(68) >= 1, "Cross: {insts:?}");
    assert!(n(71) >= 1, "Reflect: {insts:?}");
    assert!(n(43) >= 2, "FClamp: {insts:?}");
    // No square roots or inverse square roots of their own are left.
    assert_eq!(n(31) + n(32), 0, "Sqrt/InverseSqrt: {insts:?}");
}
