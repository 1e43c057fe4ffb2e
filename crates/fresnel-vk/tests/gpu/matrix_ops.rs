//! `inverse` and `determinant` of 2x2, 3x3 and 4x4 matrices (issue 6): the IR keeps them as
//! the `fdetN` / `finverseN_colJ` opcodes, the SPIR-V writer emits GLSL.std.450
//! `Determinant` / `MatrixInverse`. Checked by execution: a compute shader runs on the
//! Vulkan driver at `-O0` and `-O` (Vulkan 1.0 and 1.2) and on the CPU interpreter; both
//! must agree with an f64 reference (Laplace expansion), and the modules must use the
//! extended instructions (no division left of the old expansion).
//! Fails when Vulkan is unavailable, unless `FRESNEL_SKIP_VULKAN=1` is set.

use crate::support;

use crate::support::{compute_spirv, det, f32s, gpu, interpret_compute, run_out_ubo};

const CS: &str = r#"#version 450
layout(local_size_x = 16) in;
layout(set = 0, binding = 0, std430) buffer Out { vec4 r[16 * 8]; };
layout(set = 0, binding = 1, std140) uniform U { mat4 m4; mat3 m3; mat2 m2; };

void main() {
    uint i = gl_LocalInvocationID.x;
    float t = float(i) * 0.5 - 3.0;
    mat4 a = m4 + mat4(t);
    mat3 b = m3 * (1.0 + 0.125 * t);
    mat2 c = m2 + mat2(t);
    mat4 ai = inverse(a);
    mat3 bi = inverse(b);
    mat2 ci = inverse(c);
    r[i * 8u + 0u] = ai[0];
    r[i * 8u + 1u] = ai[1];
    r[i * 8u + 2u] = ai[2];
    r[i * 8u + 3u] = ai[3];
    r[i * 8u + 4u] = vec4(bi[0], determinant(a));
    r[i * 8u + 5u] = vec4(bi[1], determinant(b));
    r[i * 8u + 6u] = vec4(bi[2], determinant(c));
    r[i * 8u + 7u] = vec4(ci[0], ci[1]);
}
"#;

/// Columns of the uniform matrices (diagonally dominant: invertible for every `t`).
const M4: [[f32; 4]; 4] = [
    [10.0, 1.0, 0.5, -1.0],
    [2.0, 11.0, -0.25, 0.5],
    [-1.0, 0.75, 12.0, 1.5],
    [0.5, -2.0, 1.0, 13.0],
];
const M3: [[f32; 3]; 3] = [[4.0, 1.0, -0.5], [0.25, 5.0, 1.0], [1.0, -1.5, 6.0]];
const M2: [[f32; 2]; 2] = [[8.0, 1.0], [2.0, 9.0]];

fn ubo() -> Vec<u8> {
    let mut w: Vec<f32> = Vec::new();
    for c in M4 {
        w.extend(c);
    }
    // std140: mat3 and mat2 columns have a 16-byte stride.
    for c in M3 {
        w.extend(c);
        w.push(0.0);
    }
    for c in M2 {
        w.extend(c);
        w.extend([0.0, 0.0]);
    }
    w.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Columns of the inverse of `a` (`a[row][col]`).
fn inverse(a: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let rows = support::inverse(a);
    (0..a.len())
        .map(|j| (0..a.len()).map(|i| rows[i][j]).collect())
        .collect()
}

/// Rows of a matrix given by columns, each entry mapped.
fn rows<const N: usize>(
    cols: &[[f32; N]; N],
    f: impl Fn(usize, usize, f64) -> f64,
) -> Vec<Vec<f64>> {
    (0..N)
        .map(|r| (0..N).map(|c| f(r, c, f64::from(cols[c][r]))).collect())
        .collect()
}

/// The expected output, 16 invocations x 8 vec4.
fn expected() -> Vec<f64> {
    let mut out = Vec::new();
    for i in 0..16 {
        let t = i as f64 * 0.5 - 3.0;
        let a = rows(&M4, |r, c, x| if r == c { x + t } else { x });
        let b = rows(&M3, |_, _, x| x * (1.0 + 0.125 * t));
        let c = rows(&M2, |r, cc, x| if r == cc { x + t } else { x });
        let (ai, bi, ci) = (inverse(&a), inverse(&b), inverse(&c));
        for col in &ai {
            out.extend(col);
        }
        out.extend(&bi[0]);
        out.push(det(&a));
        out.extend(&bi[1]);
        out.push(det(&b));
        out.extend(&bi[2]);
        out.push(det(&c));
        out.extend(&ci[0]);
        out.extend(&ci[1]);
    }
    out
}

fn check(what: &str, got: &[f32]) {
    let want = expected();
    assert_eq!(got.len(), want.len(), "{what}");
    for (k, (&g, &e)) in got.iter().zip(&want).enumerate() {
        assert!(
            (f64::from(g) - e).abs() <= 1e-4 * (1.0 + e.abs()),
            "{what}: r[{}].{} = {g}, want {e}",
            k / 4,
            k % 4
        );
    }
}

/// The same shader on the CPU interpreter.
fn interpret(level: Option<fresnel_opt::OptLevel>) -> Vec<f32> {
    f32s(&interpret_compute(CS, level, ubo(), 16 * 8 * 16))
}

#[test]
fn inverse_and_determinant_compute_what_the_cpu_computes() {
    for level in [None, Some(fresnel_opt::OptLevel::O)] {
        let cpu = interpret(level);
        check(&format!("interpreter {level:?}"), &cpu);
        let Some(gpu) = gpu() else { continue };
        for minor in [0, 2] {
            let out = run_out_ubo(&gpu, compute_spirv(CS, level, minor), 16 * 8 * 16, &ubo());
            let got = f32s(&out);
            check(&format!("{level:?} vulkan1.{minor}"), &got);
            for (k, (g, c)) in got.iter().zip(&cpu).enumerate() {
                assert!(
                    (g - c).abs() <= 1e-4 * (1.0 + c.abs()),
                    "{level:?} vulkan1.{minor}: r[{}].{} = {g} on the GPU, {c} on the CPU",
                    k / 4,
                    k % 4
                );
            }
        }
    }
}

#[test]
fn modules_use_determinant_and_matrix_inverse() {
    for level in [None, Some(fresnel_opt::OptLevel::O)] {
        let words = compute_spirv(CS, level, 0);
        let mut insts = std::collections::BTreeMap::<u32, usize>::new();
        let mut i = 5;
        while i < words.len() {
            let len = (words[i] >> 16) as usize;
            if words[i] & 0xffff == 12 && len >= 5 {
                *insts.entry(words[i + 4]).or_default() += 1;
            }
            i += len.max(1);
        }
        // GLSL.std.450 Determinant = 33, MatrixInverse = 34: one inverse per matrix (its
        // columns share it), one determinant each.
        assert_eq!(insts.get(&34), Some(&3), "{level:?}: {insts:?}");
        assert_eq!(insts.get(&33), Some(&3), "{level:?}: {insts:?}");
        // OpFDiv (136): no division is left of the expansion.
        assert_eq!(support::opcode_count(&words, 136), 0, "{level:?}");
    }
}
