//! Arithmetic on specialization constants (issue 6): the SPIR-V writer makes integer and
//! boolean expressions of specialization constants `OpSpecConstantOp`s among the globals
//! (`fresnel-backend/src/spirv/spec.rs`); specializing the pipeline must change every
//! result as it changes the constants. Runs on the Vulkan driver at `-O0` and `-O`, with
//! the defaults and with specialized values (negative, zero, other booleans). Fails when
//! Vulkan is unavailable, unless `FRESNEL_SKIP_VULKAN=1` is set.

use crate::support;

use crate::support::{compute_spirv, gpu};
use fresnel_vk::Gpu;

const CS: &str = r#"#version 450
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const int A = 7;
layout(constant_id = 2) const uint B = 5u;
layout(constant_id = 3) const bool F = true;
layout(constant_id = 4) const float G = 1.5;
layout(set = 0, binding = 0, std430) buffer Out { float g; uint r[]; };
void main() {
    if (gl_LocalInvocationIndex != 0u) return;
    r[0] = gl_WorkGroupSize.x * 3u + 1u;
    r[1] = uint(A * 5 - 2);
    r[2] = B / 3u;
    r[3] = uint(A % 3);
    r[4] = B << 2u | 1u;
    r[5] = (B >> 1u) ^ 0xffu;
    r[6] = uint(-A);
    r[7] = uint(~A);
    r[8] = F ? B : 9u;
    r[9] = uint(A < 3);
    r[10] = uint(B >= 4u);
    r[11] = uint(F && A == 7);
    r[12] = uint(A) + B;
    r[13] = uint(int(B) - A);
    r[14] = uint(!F);
    r[15] = uint(A / 2);
    r[16] = 100u / B;
    r[17] = uint(A >> 1) + uint(int(B) > A);
    g = G * 2.0;
}
"#;

const N: usize = 18;

/// What the shader writes (`g`'s bits first) with these constants.
fn expected(x: u32, a: i32, b: u32, f: bool, g: f32) -> Vec<u32> {
    let r = [
        x * 3 + 1,
        a.wrapping_mul(5).wrapping_sub(2) as u32,
        b / 3,
        (a % 3) as u32,
        (b << 2) | 1,
        (b >> 1) ^ 0xff,
        a.wrapping_neg() as u32,
        !a as u32,
        if f { b } else { 9 },
        u32::from(a < 3),
        u32::from(b >= 4),
        u32::from(f && a == 7),
        (a as u32).wrapping_add(b),
        (b as i32).wrapping_sub(a) as u32,
        u32::from(!f),
        (a / 2) as u32,
        100 / b,
        ((a >> 1) as u32).wrapping_add(u32::from((b as i32) > a)),
    ];
    let mut out = vec![(g * 2.0).to_bits()];
    out.extend(r);
    out
}

fn run(gpu: &Gpu, words: &[u32], spec: &[(u32, u32)]) -> Vec<u32> {
    support::run_specialized(gpu, words, spec, 4 * (N + 1))
}

#[test]
fn spec_constant_expressions_follow_specialization() {
    let Some(gpu) = gpu() else { return };
    for level in [None, Some(fresnel_opt::OptLevel::O)] {
        let words = compute_spirv(CS, level, 0);
        assert_eq!(
            run(&gpu, &words, &[]),
            expected(1, 7, 5, true, 1.5),
            "defaults, {level:?}"
        );
        assert_eq!(
            run(
                &gpu,
                &words,
                &[
                    (0, 4),
                    (1, -7i32 as u32),
                    (2, 1),
                    (3, 0),
                    (4, 3.0f32.to_bits())
                ]
            ),
            expected(4, -7, 1, false, 3.0),
            "x = 4, A = -7, B = 1, F = false, G = 3, {level:?}"
        );
        assert_eq!(
            run(&gpu, &words, &[(1, 2), (2, 0xffff_fff0), (3, 1)]),
            expected(1, 2, 0xffff_fff0, true, 1.5),
            "A = 2, B = 0xfffffff0, {level:?}"
        );
    }
}
