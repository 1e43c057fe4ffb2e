//! Chains of matrix products applied to a vector (issue 6): `opt_matrix_reassociate`
//! rewrites `(A * B) * v` as `A * (B * v)`, so `-O` computes matrix-vector products only.
//! Checked by execution: a compute shader runs on the Vulkan driver at `-O0` and `-O` and
//! on the CPU interpreter at `-O`; all must agree with an f64 reference (the reassociated
//! arithmetic rounds differently, within a few ulps), and the `-O` module must multiply
//! only matrices by vectors (no matrix product; 4 matrix-vector products where -O0 has 17).
//! Fails when Vulkan is unavailable, unless `FRESNEL_SKIP_VULKAN=1` is set.

use crate::support::{compute_spirv, f32s, gpu, interpret_compute, opcode_count, run_out_ubo};

const CS: &str = r#"#version 450
layout(local_size_x = 8) in;
layout(set = 0, binding = 0, std430) buffer Out { vec4 r[8 * 4]; };
layout(set = 0, binding = 1, std140) uniform U { mat4 p; mat4 v; mat4 m; mat3 a; mat3 b; mat2x3 c; mat3x2 d; };

void main() {
    uint i = gl_LocalInvocationID.x;
    float t = float(i) * 0.25 - 1.0;
    vec3 x = vec3(t, 1.0 - t, 0.5 * t + 2.0);
    r[i * 4u + 0u] = p * v * m * vec4(x, 1.0);
    r[i * 4u + 1u] = vec4(a * b * x, 0.0);
    r[i * 4u + 2u] = vec4(c * d * x, 1.0);
    r[i * 4u + 3u] = vec4(x * (b * a), 2.0);
}
"#;

fn mat(cols: usize, rows: usize, seed: f64) -> Vec<Vec<f64>> {
    (0..cols)
        .map(|c| {
            (0..rows)
                .map(|r| {
                    let k = (c * rows + r) as f64;
                    ((k * 0.37 + seed).sin() * 2.0 * 64.0).round() / 64.0
                })
                .collect()
        })
        .collect()
}

/// Column-major `m * x` (m: columns).
fn mul_vec(m: &[Vec<f64>], x: &[f64]) -> Vec<f64> {
    let rows = m[0].len();
    (0..rows)
        .map(|r| m.iter().zip(x).map(|(col, xi)| col[r] * xi).sum())
        .collect()
}

/// Column-major `x * m` (m: columns): component k is `dot(x, m[k])`.
fn vec_mul(x: &[f64], m: &[Vec<f64>]) -> Vec<f64> {
    m.iter()
        .map(|col| col.iter().zip(x).map(|(a, b)| a * b).sum())
        .collect()
}

struct Mats {
    p: Vec<Vec<f64>>,
    v: Vec<Vec<f64>>,
    m: Vec<Vec<f64>>,
    a: Vec<Vec<f64>>,
    b: Vec<Vec<f64>>,
    c: Vec<Vec<f64>>,
    d: Vec<Vec<f64>>,
}

fn mats() -> Mats {
    Mats {
        p: mat(4, 4, 0.1),
        v: mat(4, 4, 1.3),
        m: mat(4, 4, 2.9),
        a: mat(3, 3, 0.7),
        b: mat(3, 3, 4.1),
        c: mat(2, 3, 5.3),
        d: mat(3, 2, 6.7),
    }
}

/// std140: every column a 16-byte slot.
fn ubo(ms: &Mats) -> Vec<u8> {
    let mut w: Vec<f32> = Vec::new();
    for m in [&ms.p, &ms.v, &ms.m, &ms.a, &ms.b, &ms.c, &ms.d] {
        for col in m.iter() {
            let mut slot = [0f32; 4];
            for (s, x) in slot.iter_mut().zip(col) {
                *s = *x as f32;
            }
            w.extend(slot);
        }
    }
    w.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn expected(ms: &Mats) -> Vec<f64> {
    let mut out = Vec::new();
    for i in 0..8 {
        let t = i as f64 * 0.25 - 1.0;
        let x = [t, 1.0 - t, 0.5 * t + 2.0];
        let x4 = [x[0], x[1], x[2], 1.0];
        out.extend(mul_vec(&ms.p, &mul_vec(&ms.v, &mul_vec(&ms.m, &x4))));
        out.extend(mul_vec(&ms.a, &mul_vec(&ms.b, &x)));
        out.push(0.0);
        out.extend(mul_vec(&ms.c, &mul_vec(&ms.d, &x)));
        out.push(1.0);
        out.extend(vec_mul(&vec_mul(&x, &ms.b), &ms.a));
        out.push(2.0);
    }
    out
}

fn check(what: &str, got: &[f32], want: &[f64]) {
    assert_eq!(got.len(), want.len(), "{what}");
    for (k, (&g, &e)) in got.iter().zip(want).enumerate() {
        assert!(
            (f64::from(g) - e).abs() <= 1e-4 * (1.0 + e.abs()),
            "{what}: r[{}].{} = {g}, want {e}",
            k / 4,
            k % 4
        );
    }
}

fn interpret(ms: &Mats) -> Vec<f32> {
    f32s(&interpret_compute(
        CS,
        Some(fresnel_opt::OptLevel::O),
        ubo(ms),
        8 * 4 * 16,
    ))
}

#[test]
fn reassociated_chains_compute_the_products() {
    let ms = mats();
    let want = expected(&ms);
    check("interpreter -O", &interpret(&ms), &want);
    let Some(gpu) = gpu() else { return };
    for level in [None, Some(fresnel_opt::OptLevel::O)] {
        let out = run_out_ubo(&gpu, compute_spirv(CS, level, 0), 8 * 4 * 16, &ubo(&ms));
        check(&format!("{level:?}"), &f32s(&out), &want);
    }
}

#[test]
fn optimized_chains_are_matrix_vector_products() {
    // Multiplications: OpFMul (133), OpVectorTimesScalar (142), OpVectorTimesMatrix (144),
    // OpMatrixTimesVector (145), OpMatrixTimesMatrix (146).
    let muls = |w: &[u32]| [133u16, 142, 144, 145, 146].map(|o| opcode_count(w, o));
    let o0 = muls(&compute_spirv(CS, None, 0));
    let o = muls(&compute_spirv(CS, Some(fresnel_opt::OptLevel::O), 0));
    assert_eq!(o[4], 0, "{o:?}");
    // Unoptimized, the matrix products read only as matrices are `OpMatrixTimesMatrix`
    // (issue 6: 4 of them, leaving 6 matrix-vector products of the 20 columns' products);
    // reassociated, only the chains' matrix-vector products are left (4, and 2
    // vector-matrix products for `x * (b * a)`; the innermost matrix-vector products,
    // with the vector built of scalars, are matrix-vector products of a constructed
    // vector too (issue 6: 3 more), no vector-times-scalar sums).
    assert_eq!((o0[3], o[3]), (6, 7), "{o:?} {o0:?}");
    assert_eq!(o0[4], 4, "{o0:?}");
    assert_eq!(o[1], 0, "{o:?}");
    assert_eq!(o[2], 2, "{o:?}");
    // 4 + 3 + 3 products of the vector's components, 6 matrix products.
    assert!(o.iter().sum::<usize>() <= 16, "{o:?}");
}
