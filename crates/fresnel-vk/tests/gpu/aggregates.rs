//! Whole-aggregate SPIR-V (matrix loads and stores, matrix-vector products, vector
//! shuffles, vector-times-scalar: `fresnel-backend/src/spirv/coalesce.rs`) checked by
//! execution: a compute shader over uniform-block matrices runs on the Vulkan driver at
//! `-O0` and `-O`, and its results must equal the same arithmetic done here on the CPU.
//! Fails when Vulkan is unavailable, unless `FRESNEL_SKIP_VULKAN=1` is set.

use crate::support;

use crate::support::{compute_spirv, f32s, gpu, run_out_ubo};

const CS: &str = r#"#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 1, std140) uniform U {
    mat4 model;
    mat4 view_proj;
    layout(row_major) mat4 rm;
    mat3x4 m34;
    vec4 p;
    vec4 arr[3];
    float s;
};
layout(set = 0, binding = 0, std430) buffer Out { vec4 r[16]; };

mat4 twice(mat4 m) { return m * 2.0; }

void main() {
    r[0] = view_proj * model * vec4(p.xyz, 1.0);
    r[1] = vec4(mat3(model) * p.zyx, 0.0);
    mat4 m = model;
    m[1] = p;
    r[2] = m * p;
    r[3] = rm * p;
    r[4] = m34 * p.xyz;
    vec4 a[3] = arr;
    a[int(p.w) & 1] = p;
    r[5] = a[0] + a[1] + a[2];
    r[6] = vec4(p.wzy, s);
    r[7] = vec4(p.xy, arr[2].zw);
    r[8] = p * s;
    r[9] = p * model;
    r[10] = twice(model)[2];
    mat2 q = mat2(p.x, p.y, p.z, p.w);
    r[11] = vec4(q * p.yx, q[1]);
    mat4 w[2];
    w[0] = view_proj;
    w[1] = view_proj;
    w[int(p.w) & 1] = model * s;
    r[12] = w[1][2] + w[0][1];
}
"#;

type M4 = [[f32; 4]; 4];

fn mat_vec(m: &M4, v: [f32; 4]) -> [f32; 4] {
    let mut r = [0.0; 4];
    for (c, col) in m.iter().enumerate() {
        for (i, x) in r.iter_mut().enumerate() {
            *x += col[i] * v[c];
        }
    }
    r
}

fn mat_mul(a: &M4, b: &M4) -> M4 {
    let mut r = [[0.0; 4]; 4];
    for (j, col) in b.iter().enumerate() {
        r[j] = mat_vec(a, *col);
    }
    r
}

fn add(a: [f32; 4], b: [f32; 4]) -> [f32; 4] {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]]
}

#[test]
fn matrix_and_vector_aggregates_compute_what_the_cpu_computes() {
    let Some(gpu) = gpu() else { return };
    let k = |i: usize| ((i * 7 % 11) as f32 - 5.0) * 0.25;
    let model: M4 = std::array::from_fn(|c| std::array::from_fn(|r| k(c * 4 + r)));
    let view_proj: M4 = std::array::from_fn(|c| std::array::from_fn(|r| k(c * 4 + r + 3)));
    // The row-major matrix: memory holds rows; the logical matrix is its transpose.
    let rm_mem: M4 = std::array::from_fn(|c| std::array::from_fn(|r| k(c * 5 + r + 1)));
    let rm: M4 = std::array::from_fn(|c| std::array::from_fn(|r| rm_mem[r][c]));
    let m34: [[f32; 4]; 3] = std::array::from_fn(|c| std::array::from_fn(|r| k(c * 3 + r + 2)));
    let p = [0.5, -1.25, 2.0, 3.0];
    let arr: [[f32; 4]; 3] = std::array::from_fn(|i| std::array::from_fn(|j| k(i * 4 + j + 6)));
    let s = 1.5f32;
    // std140 block bytes.
    let mut u: Vec<f32> = Vec::new();
    for m in [&model, &view_proj, &rm_mem] {
        m.iter().for_each(|c| u.extend(c));
    }
    m34.iter().for_each(|c| u.extend(c));
    u.extend(p);
    arr.iter().for_each(|c| u.extend(c));
    u.extend([s, 0.0, 0.0, 0.0]);
    let ubo: Vec<u8> = u.iter().flat_map(|x| x.to_le_bytes()).collect();

    let mut want = vec![[0f32; 4]; 16];
    want[0] = mat_vec(&mat_mul(&view_proj, &model), [p[0], p[1], p[2], 1.0]);
    let m3 = mat_vec(
        &[
            [model[0][0], model[0][1], model[0][2], 0.0],
            [model[1][0], model[1][1], model[1][2], 0.0],
            [model[2][0], model[2][1], model[2][2], 0.0],
            [0.0; 4],
        ],
        [p[2], p[1], p[0], 0.0],
    );
    want[1] = [m3[0], m3[1], m3[2], 0.0];
    let mut m = model;
    m[1] = p;
    want[2] = mat_vec(&m, p);
    want[3] = mat_vec(&rm, p);
    let v34 = mat_vec(&[m34[0], m34[1], m34[2], [0.0; 4]], [p[0], p[1], p[2], 0.0]);
    want[4] = v34;
    let mut a = arr;
    a[(p[3] as i32 & 1) as usize] = p;
    want[5] = add(add(a[0], a[1]), a[2]);
    want[6] = [p[3], p[2], p[1], s];
    want[7] = [p[0], p[1], arr[2][2], arr[2][3]];
    want[8] = p.map(|x| x * s);
    want[9] = std::array::from_fn(|c| (0..4).map(|i| p[i] * model[c][i]).sum());
    want[10] = model[2].map(|x| x * 2.0);
    let q = [[p[0], p[1]], [p[2], p[3]]];
    want[11] = [
        q[0][0] * p[1] + q[1][0] * p[0],
        q[0][1] * p[1] + q[1][1] * p[0],
        q[1][0],
        q[1][1],
    ];
    let mut w = [view_proj, view_proj];
    w[(p[3] as i32 & 1) as usize] = model.map(|c| c.map(|x| x * s));
    want[12] = add(w[1][2], w[0][1]);

    for level in [None, Some(fresnel_opt::OptLevel::O)] {
        let out = run_out_ubo(&gpu, compute_spirv(CS, level, 0), 16 * 16, &ubo);
        let got = f32s(&out);
        for (i, w) in want.iter().enumerate().take(13) {
            for (j, &x) in w.iter().enumerate() {
                let g = got[i * 4 + j];
                assert!(
                    (g - x).abs() <= 1e-4 * (1.0 + x.abs()),
                    "{level:?}: r[{i}].{j} = {g}, want {x}"
                );
            }
        }
    }
}

#[test]
fn optimized_module_uses_whole_matrix_instructions() {
    // The same shader at -O: one load per matrix, products as OpMatrixTimesVector.
    let words = compute_spirv(CS, Some(fresnel_opt::OptLevel::O), 0);
    let mut ops = std::collections::BTreeMap::<u16, usize>::new();
    let mut i = 5;
    while i < words.len() {
        let n = (words[i] >> 16) as usize;
        *ops.entry((words[i] & 0xffff) as u16).or_default() += 1;
        i += n.max(1);
    }
    let count = |op: u16| ops.get(&op).copied().unwrap_or(0);
    assert!(count(145) >= 4, "OpMatrixTimesVector: {}", count(145));
    assert!(count(142) >= 1, "OpVectorTimesScalar: {}", count(142));
    assert!(count(143) >= 1, "OpMatrixTimesScalar: {}", count(143));
    assert!(count(79) >= 2, "OpVectorShuffle: {}", count(79));
}

/// `A * B` stored whole is one `OpMatrixTimesMatrix` at `-O`, with the values the CPU
/// computes (the product read back from a storage buffer, row-major included).
const MATMAT_CS: &str = r#"#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 1, std140) uniform U { mat4 a; mat4 b; };
layout(set = 0, binding = 0, std430) buffer Out {
    mat4 c;
    layout(row_major) mat4 rc;
    mat4 d;
};
void main() {
    c = a * b;
    rc = b * a;
    d = c;
    d = a * d;
}
"#;

#[test]
fn matrix_products_stored_whole_compute_what_the_cpu_computes() {
    let Some(gpu) = gpu() else { return };
    let k = |i: usize| ((i * 5 % 13) as f32 - 6.0) * 0.25;
    let a: M4 = std::array::from_fn(|c| std::array::from_fn(|r| k(c * 4 + r)));
    let b: M4 = std::array::from_fn(|c| std::array::from_fn(|r| k(c * 4 + r + 7)));
    let mut ubo: Vec<u8> = Vec::new();
    for m in [&a, &b] {
        for col in m {
            for x in col {
                ubo.extend(x.to_le_bytes());
            }
        }
    }
    let c = mat_mul(&a, &b);
    let rc = mat_mul(&b, &a);
    let d = mat_mul(&a, &c);
    for level in [None, Some(fresnel_opt::OptLevel::O)] {
        let got = f32s(&run_out_ubo(
            &gpu,
            compute_spirv(MATMAT_CS, level, 0),
            3 * 64,
            &ubo,
        ));
        for col in 0..4 {
            for row in 0..4 {
                let close = |g: f32, w: f32| (g - w).abs() <= 1e-4 * (1.0 + w.abs());
                assert!(
                    close(got[col * 4 + row], c[col][row]),
                    "{level:?}: c[{col}][{row}]"
                );
                // Row-major: memory holds rows.
                assert!(
                    close(got[16 + row * 4 + col], rc[col][row]),
                    "{level:?}: rc[{col}][{row}]"
                );
                assert!(
                    close(got[32 + col * 4 + row], d[col][row]),
                    "{level:?}: d[{col}][{row}]"
                );
            }
        }
    }
    const OP_MATRIX_TIMES_MATRIX: u16 = 146;
    let words = compute_spirv(MATMAT_CS, Some(fresnel_opt::OptLevel::O), 0);
    assert!(support::opcode_count(&words, OP_MATRIX_TIMES_MATRIX) >= 2);
}
