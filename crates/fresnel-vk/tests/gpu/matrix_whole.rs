//! Whole matrices in the SPIR-V writer (issue 6): a matrix loaded whole and read only by
//! `inverse`/`determinant` needs no per-column extracts, and `m = inverse(n)` stored whole
//! is one `OpStore` of the `MatrixInverse` result. Checked by execution: compute shaders run
//! on the Vulkan driver (which runs spirv-val first when installed) at `-O0` and `-O`, and on
//! the CPU interpreter; all must agree with an f64 reference. The form is checked on the
//! module: at `-O`, the inverse is stored as it is (no column extracts).
//! Fails when Vulkan is unavailable, unless `FRESNEL_SKIP_VULKAN=1` is set.

use crate::support::{
    compute_spirv, det, f32s, gpu, interpret_compute, inverse, opcode_count, run_out_ubo,
};

const CS: &str = r#"#version 450
layout(local_size_x = 16) in;
layout(set = 0, binding = 0, std430) buffer Out { mat4 i4[16]; mat3 i3[16]; mat2 i2[16]; vec4 d[16]; };
layout(set = 0, binding = 1, std140) uniform U { mat4 m4s[4]; mat3 m3s[4]; mat2 m2s[4]; };

void main() {
    uint i = gl_LocalInvocationID.x;
    uint k = i & 3u;
    i4[i] = inverse(m4s[k]);
    i3[i] = inverse(m3s[k]);
    i2[i] = inverse(m2s[(i + 1u) & 3u]);
    mat3 b = inverse(m3s[(i + 2u) & 3u]);
    d[i] = vec4(determinant(m4s[k]), determinant(m3s[k]), determinant(m2s[k]), b[1][2]);
}
"#;

/// Size of `Out` in bytes (std430: mat3 columns 16 bytes apart, mat2 columns 8).
const OUT_BYTES: usize = (16 * 16 + 16 * 12 + 16 * 4 + 16 * 4) * 4;

/// Matrix `k` (0..4) of size `n`, by rows (diagonally dominant: invertible).
fn matrix(n: usize, k: usize) -> Vec<Vec<f64>> {
    (0..n)
        .map(|r| {
            (0..n)
                .map(|c| {
                    if r == c {
                        6.0 + k as f64 + r as f64 * 0.5
                    } else {
                        ((r * 3 + c * 5 + k * 7) % 9) as f64 * 0.25 - 1.0
                    }
                })
                .collect()
        })
        .collect()
}

/// The std140 bytes of `U`: each column padded to 16 bytes.
fn ubo() -> Vec<u8> {
    let mut w: Vec<f32> = Vec::new();
    for n in [4, 3, 2] {
        for k in 0..4 {
            // Column by column, padded to 4 floats.
            let m = matrix(n, k);
            for c in 0..n {
                let col: Vec<f64> = m.iter().map(|row| row[c]).collect();
                w.extend(col.iter().map(|&x| x as f32));
                w.extend(std::iter::repeat_n(0.0f32, 4 - n));
            }
        }
    }
    w.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// `m` (by rows) as `Out` stores it: columns `stride` floats apart.
fn columns(m: &[Vec<f64>], stride: usize) -> Vec<f64> {
    let n = m.len();
    let mut out = vec![0.0; n * stride];
    for c in 0..n {
        for (r, row) in m.iter().enumerate() {
            out[c * stride + r] = row[c];
        }
    }
    out
}

/// The expected contents of `Out`.
fn expected() -> Vec<f64> {
    let mut out = Vec::new();
    for i in 0..16 {
        out.extend(columns(&inverse(&matrix(4, i & 3)), 4));
    }
    for i in 0..16 {
        out.extend(columns(&inverse(&matrix(3, i & 3)), 4));
    }
    for i in 0..16 {
        out.extend(columns(&inverse(&matrix(2, (i + 1) & 3)), 2));
    }
    for i in 0..16 {
        let k = i & 3;
        let b = inverse(&matrix(3, (i + 2) & 3));
        out.extend([
            det(&matrix(4, k)),
            det(&matrix(3, k)),
            det(&matrix(2, k)),
            b[2][1],
        ]);
    }
    out
}

fn check(what: &str, got: &[f32], want: &[f64]) {
    assert_eq!(got.len(), want.len(), "{what}");
    for (k, (&g, &e)) in got.iter().zip(want).enumerate() {
        assert!(
            (f64::from(g) - e).abs() <= 1e-4 * (1.0 + e.abs()),
            "{what}: float {k} = {g}, want {e}"
        );
    }
}

#[test]
fn whole_inverses_and_determinants_compute_what_the_cpu_computes() {
    let want = expected();
    for level in [None, Some(fresnel_opt::OptLevel::O)] {
        let cpu = f32s(&interpret_compute(CS, level, ubo(), OUT_BYTES));
        check(&format!("interpreter {level:?}"), &cpu, &want);
        let Some(gpu) = gpu() else { continue };
        for minor in [0, 2] {
            let out = run_out_ubo(&gpu, compute_spirv(CS, level, minor), OUT_BYTES, &ubo());
            let got = f32s(&out);
            check(&format!("{level:?} vulkan1.{minor}"), &got, &want);
            let cpu64: Vec<f64> = cpu.iter().map(|&x| f64::from(x)).collect();
            check(&format!("{level:?} vulkan1.{minor} vs CPU"), &got, &cpu64);
        }
    }
}

#[test]
fn whole_inverses_are_stored_as_they_are() {
    let words = compute_spirv(CS, Some(fresnel_opt::OptLevel::O), 0);
    let mut ext = std::collections::BTreeMap::<u32, usize>::new();
    let mut i = 5;
    while i < words.len() {
        let len = (words[i] >> 16) as usize;
        if words[i] & 0xffff == 12 && len >= 5 {
            *ext.entry(words[i + 4]).or_default() += 1;
        }
        i += len.max(1);
    }
    // MatrixInverse (34): four; Determinant (33): three.
    assert_eq!(ext.get(&34), Some(&4), "{ext:?}");
    assert_eq!(ext.get(&33), Some(&3), "{ext:?}");
    // OpCompositeExtract (81): only the one column of `b` read, then its component (the
    // matrices loaded whole are read whole, the inverses stored whole).
    assert!(
        opcode_count(&words, 81) <= 2,
        "{}",
        opcode_count(&words, 81)
    );
    // OpCompositeConstruct (80): only the vec4 of `d`.
    assert_eq!(opcode_count(&words, 80), 1);
}

/// Transposes, products with transposed columns, products whose vector is made of several
/// values, component stores to one vector (`opt_vectorize`) and per-component lanes made
/// one vector operation.
const CS2: &str = r#"#version 450
layout(local_size_x = 16) in;
layout(set = 0, binding = 0, std430) buffer Out {
    mat3 cs[16];
    vec4 r[16 * 4];
    mat4x3 tr[16];
    uvec4 bits[16 * 2];
};
layout(set = 0, binding = 1, std140) uniform U { mat3x4 m1; mat3x4 m2; vec4 v4; };

void main() {
    uint i = gl_LocalInvocationID.x;
    float f = float(i) * 0.25 + 1.0;
    mat3x4 s = m1 * f - m2;
    mat4x3 t = transpose(s);
    mat4 p = m1 * t;
    r[i * 4u + 0u] = v4 * p;
    r[i * 4u + 1u] = vec4(t[0], t[3].z);
    r[i * 4u + 2u] = p * vec4(f, 2.0 * f, -f, 1.0);
    r[i * 4u + 3u] = vec4(s[0].x * f, s[1].y * f, s[2].z * f, f);
    tr[i] = t;
    for (int c = 0; c < 3; c++) {
        for (int k = 0; k < 3; k++) {
            cs[i][c][k] = s[c][k] + float(c * 3 + k);
        }
    }
    for (int k = 0; k < 4; k++) {
        bits[i * 2u][k] = floatBitsToUint(s[k % 3][k]) ^ 0x80000000u;
    }
    uvec4 b = floatBitsToUint(v4);
    bits[i * 2u + 1u] = uvec4(b.x + i, b.y * 3u, b.z ^ i, b.w - 1u);
}
"#;

/// Size of `Out` of `CS2` in bytes.
const OUT2_BYTES: usize = 16 * 48 + 64 * 16 + 16 * 64 + 32 * 16;

/// The std140 bytes of `U` of `CS2`.
fn ubo2() -> Vec<u8> {
    let mut w: Vec<f32> = Vec::new();
    for c in 0..3 {
        for r in 0..4 {
            w.push(1.0 + c as f32 * 0.5 - r as f32 * 0.25);
        }
    }
    for c in 0..3 {
        for r in 0..4 {
            w.push(((c * 4 + r) % 5) as f32 * 0.75 - 1.5);
        }
    }
    w.extend([0.5, -1.25, 2.0, 3.5]);
    w.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// The floats of `Out` (the `bits` at the end compared exactly as integers).
fn check2(what: &str, got: &[u8], want: &[u8]) {
    assert_eq!(got.len(), want.len(), "{what}");
    let nf = (16 * 48 + 64 * 16 + 16 * 64) / 4;
    let (g, w) = (f32s(got), f32s(want));
    for k in 0..nf {
        assert!(
            (g[k] - w[k]).abs() <= 1e-4 * (1.0 + w[k].abs()),
            "{what}: float {k} = {}, want {}",
            g[k],
            w[k]
        );
    }
    assert_eq!(got[nf * 4..], want[nf * 4..], "{what}: bits");
}

#[test]
fn transposes_and_vectorized_stores_compute_what_the_cpu_computes() {
    let reference = interpret_compute(CS2, None, ubo2(), OUT2_BYTES);
    // Something was computed (not all zero).
    assert!(f32s(&reference).iter().filter(|x| **x != 0.0).count() > 300);
    for level in [None, Some(fresnel_opt::OptLevel::O)] {
        let cpu = interpret_compute(CS2, level, ubo2(), OUT2_BYTES);
        check2(&format!("interpreter {level:?}"), &cpu, &reference);
        let Some(gpu) = gpu() else { continue };
        for minor in [0, 2] {
            let out = run_out_ubo(&gpu, compute_spirv(CS2, level, minor), OUT2_BYTES, &ubo2());
            check2(&format!("{level:?} vulkan1.{minor}"), &out, &reference);
        }
    }
}

#[test]
fn transposes_are_written_as_transposes() {
    let words = compute_spirv(CS2, Some(fresnel_opt::OptLevel::O), 0);
    // OpTranspose (84): `transpose(s)` once.
    assert_eq!(opcode_count(&words, 84), 1);
    // OpMatrixTimesVector (145): the columns of `m1 * t` and `p * vec4(...)`.
    assert!(
        opcode_count(&words, 145) >= 5,
        "{}",
        opcode_count(&words, 145)
    );
    // OpStore (62): `cs[i]` whole, the four of `r`, `tr[i]`, the two of `bits`.
    assert_eq!(opcode_count(&words, 62), 8);
}

/// 64-bit floats through the GLSL.std.450 idioms (`distance`, `length`, `normalize`,
/// `cross`, `reflect`, `clamp`) and `v * M`.
const CS3: &str = r#"#version 450
layout(local_size_x = 16) in;
layout(set = 0, binding = 0, std430) buffer Out { vec4 r[16 * 4]; };
layout(set = 0, binding = 1, std140) uniform U { dvec4 a; dvec4 b; dmat3 m; };

void main() {
    uint i = gl_LocalInvocationID.x;
    double t = double(i) * 0.5LF - 2.0LF;
    dvec3 x = a.xyz + dvec3(t);
    dvec3 y = b.xyz - dvec3(t * 0.25LF);
    r[i * 4u + 0u] = vec4(float(distance(x, y)), float(length(x)), vec2(normalize(y).xy));
    r[i * 4u + 1u] = vec4(vec3(cross(x, y)), float(clamp(t, -1.0LF, 1.5LF)));
    r[i * 4u + 2u] = vec4(vec3(reflect(x, normalize(y))), 0.0);
    r[i * 4u + 3u] = vec4(vec3(x * m), float(determinant(m * t)));
}
"#;

/// The std140 bytes of `U` of `CS3` (a `dvec3` column takes 32 bytes).
fn ubo3() -> Vec<u8> {
    let mut w: Vec<f64> = vec![1.5, -0.5, 2.25, 0.0, -1.0, 3.0, 0.75, 0.0];
    for c in 0..3 {
        for r in 0..4 {
            w.push(if r < 3 {
                1.0 + (c * 3 + r) as f64 * 0.5 - if c == r { 0.0 } else { 2.0 }
            } else {
                0.0
            });
        }
    }
    w.iter().flat_map(|x| x.to_le_bytes()).collect()
}

#[test]
fn double_idioms_compute_what_the_cpu_computes() {
    let bytes = 16 * 4 * 16;
    let reference = f32s(&interpret_compute(CS3, None, ubo3(), bytes));
    assert!(reference.iter().filter(|x| **x != 0.0).count() > 150);
    let want: Vec<f64> = reference.iter().map(|&x| f64::from(x)).collect();
    for level in [None, Some(fresnel_opt::OptLevel::O)] {
        let cpu = f32s(&interpret_compute(CS3, level, ubo3(), bytes));
        check(&format!("interpreter {level:?}"), &cpu, &want);
        let Some(gpu) = gpu() else { continue };
        for minor in [0, 2] {
            let out = run_out_ubo(&gpu, compute_spirv(CS3, level, minor), bytes, &ubo3());
            check(&format!("{level:?} vulkan1.{minor}"), &f32s(&out), &want);
        }
    }
}

#[test]
fn double_idioms_are_extended_instructions() {
    let words = compute_spirv(CS3, Some(fresnel_opt::OptLevel::O), 0);
    let mut ext = std::collections::BTreeSet::<u32>::new();
    let mut i = 5;
    while i < words.len() {
        let len = (words[i] >> 16) as usize;
        if words[i] & 0xffff == 12 && len >= 5 {
            ext.insert(words[i + 4]);
        }
        i += len.max(1);
    }
    // FClamp 43, Length 66, Distance 67, Cross 68, Normalize 69, Reflect 71, Determinant 33.
    for e in [33, 43, 66, 67, 68, 69, 71] {
        assert!(ext.contains(&e), "GLSL.std.450 {e} missing: {ext:?}");
    }
    // OpVectorTimesMatrix (144) for `x * m`.
    assert_eq!(opcode_count(&words, 144), 1);
}

/// Products of matrices built of sines, cosines, zeros and ones (the optimizer shares
/// `m[1] * 0.0` between columns and keeps sums with constant coefficients), a product
/// with an inverse, and `mat3(m4) * v`.
const CS4: &str = r#"#version 450
layout(local_size_x = 16) in;
layout(set = 0, binding = 0, std430) buffer Out { vec4 r[16 * 4]; };
layout(set = 0, binding = 1, std140) uniform U { mat4 mv; vec4 rot; };

void main() {
    uint i = gl_LocalInvocationID.x;
    float a = rot.x + float(i) * 0.3;
    float s = sin(a);
    float c = cos(a);
    mat3 mx;
    mat3 my;
    mx[0] = vec3(c, s, 0.0);
    mx[1] = vec3(-s, c, 0.0);
    mx[2] = vec3(0.0, 0.0, 1.0);
    float s2 = sin(rot.y + float(i));
    float c2 = cos(rot.y + float(i));
    my[0] = vec3(c2, 0.0, s2);
    my[1] = vec3(0.0, 1.0, 0.0);
    my[2] = vec3(-s2, 0.0, c2);
    mat3 m = my * mx;
    mat4 g = mat4(vec4(c2, 0.0, s2, 0.0), vec4(0.0, 1.0, 0.0, 0.0), vec4(-s2, 0.0, c2, 0.0),
                  vec4(0.0, 0.0, 0.0, 1.0));
    vec3 p = vec3(rot.z, float(i), 1.0);
    r[i * 4u + 0u] = vec4(p * m, 1.0);
    r[i * 4u + 1u] = mv * g * vec4(p, 1.0);
    r[i * 4u + 2u] = vec4(mat3(mv * g) * inverse(m) * p, 0.0);
    r[i * 4u + 3u] = vec4(mat3(mv) * rot.xyz, s);
}
"#;

/// The std140 bytes of `U` of `CS4`.
fn ubo4() -> Vec<u8> {
    let mut w: Vec<f32> = Vec::new();
    for c in 0..4 {
        for r in 0..4 {
            w.push(if c == r {
                2.0
            } else {
                (c * 4 + r) as f32 * 0.125 - 0.5
            });
        }
    }
    w.extend([0.25, -0.75, 1.5, 0.0]);
    w.iter().flat_map(|x| x.to_le_bytes()).collect()
}

#[test]
fn rotation_products_compute_what_the_cpu_computes() {
    let bytes = 16 * 4 * 16;
    let reference = f32s(&interpret_compute(CS4, None, ubo4(), bytes));
    assert!(reference.iter().filter(|x| **x != 0.0).count() > 150);
    let want: Vec<f64> = reference.iter().map(|&x| f64::from(x)).collect();
    for level in [None, Some(fresnel_opt::OptLevel::O)] {
        let cpu = f32s(&interpret_compute(CS4, level, ubo4(), bytes));
        check(&format!("interpreter {level:?}"), &cpu, &want);
        let Some(gpu) = gpu() else { continue };
        for minor in [0, 2] {
            let out = run_out_ubo(&gpu, compute_spirv(CS4, level, minor), bytes, &ubo4());
            check(&format!("{level:?} vulkan1.{minor}"), &f32s(&out), &want);
        }
    }
}

#[test]
fn rotation_products_are_matrix_products() {
    let words = compute_spirv(CS4, Some(fresnel_opt::OptLevel::O), 0);
    // OpFMul (133), OpFAdd (129), OpVectorTimesScalar (142), OpMatrixTimesVector (145).
    let (fmul, fadd, vts, mtv) = (
        opcode_count(&words, 133),
        opcode_count(&words, 129),
        opcode_count(&words, 142),
        opcode_count(&words, 145),
    );
    assert!(mtv >= 8, "{mtv}");
    assert!(fmul + fadd + vts <= 4, "{fmul} {fadd} {vts}");
}
