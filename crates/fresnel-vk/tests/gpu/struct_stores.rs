//! Whole-structure loads and stores, whole copies of constants
//! (`fresnel-backend/src/spirv/coalesce.rs` struct groups, `const_globals.rs`) and
//! one-component stores (`lower_masked_store_to_component`), checked by
//! execution: a compute shader runs on the Vulkan driver at `-O0` and `-O`, and its results
//! must equal the values worked out here; at `-O` the module must use the whole forms.
//! Fails when Vulkan is unavailable, unless `FRESNEL_SKIP_VULKAN=1` is set.

use crate::support;

use crate::support::{compute_spirv, f32s, gpu, opcode_count, run_out_ubo, ubo_vec4_int};

const CS: &str = r#"#version 450
layout(local_size_x = 1) in;
struct S { float a; vec2 b; vec3 c; vec4 d; };
struct Inner { vec4 u; vec2 v; float w; };
layout(set = 0, binding = 1, std140) uniform U { vec4 p; Inner inner; int k; };
layout(set = 0, binding = 0, std430) buffer Out { vec4 r[16]; };

void fill(out S s) {
    s.a = 1.0;
    s.b = vec2(2.0, 3.0);
    s.c = vec3(4.0, 5.0, 6.0);
    s.d = vec4(7.0, 8.0, 9.0, 10.0);
}

S mixed(vec4 q) {
    S s;
    s.d = q;
    s.a = q.x * 2.0;
    s.c = q.zyx;
    s.b = vec2(q.w, -1.0);
    return s;
}

void main() {
    S arr[3];
    fill(arr[0]);
    arr[1] = mixed(p);
    arr[2] = arr[k & 1];
    arr[2].c.y = 0.5;
    S t = arr[(k + 1) & 1];
    r[0] = vec4(t.a, t.b, 0.0);
    r[1] = vec4(t.c, 0.0);
    r[2] = t.d;
    r[3] = vec4(arr[2].a, arr[2].b, arr[2].c.y);
    Inner i = inner;
    r[4] = i.u + vec4(i.v, i.w, 0.0);
    float c4[4] = float[4](1.5, 2.5, 3.5, 4.5);
    c4[k & 3] = p.x;
    r[5] = vec4(c4[0], c4[1], c4[2], c4[3]);
    const vec2 cv[3] = vec2[3](vec2(1.0, 2.0), vec2(3.0, 4.0), vec2(5.0, 6.0));
    vec2 lv[3] = cv;
    lv[(k + 2) % 3] = p.zw;
    r[6] = vec4(lv[0], lv[1]);
    r[7] = vec4(lv[2], cv[k % 3]);
    r[8].y = p.x * 3.0;
    r[8].w = p.y;
}
"#;

#[test]
fn structure_groups_and_constant_copies_compute_the_expected_values() {
    let Some(gpu) = gpu() else { return };
    let p = [0.5f32, -1.25, 2.0, 3.0];
    let (u, v, w) = ([1.0f32, -2.0, 0.25, 8.0], [3.5f32, -0.5], 6.0f32);
    let k = 1i32;
    // std140: p at 0, inner.u at 16, inner.v at 32, inner.w at 40, k at 48.
    let mut ubo = Vec::new();
    for x in p.iter().chain(&u).chain(&v).chain(&[w]) {
        ubo.extend(x.to_le_bytes());
    }
    ubo.extend(0f32.to_le_bytes());
    ubo.extend(k.to_le_bytes());
    ubo.extend([0u8; 12]);

    // S as (a, b, c, d).
    type S = (f32, [f32; 2], [f32; 3], [f32; 4]);
    let filled: S = (1.0, [2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0, 10.0]);
    let mixed: S = (p[0] * 2.0, [p[3], -1.0], [p[2], p[1], p[0]], p);
    let mut arr = [filled, mixed, filled];
    arr[2] = arr[(k & 1) as usize];
    arr[2].2[1] = 0.5;
    let t = arr[((k + 1) & 1) as usize];
    let mut want = [[0f32; 4]; 9];
    want[0] = [t.0, t.1[0], t.1[1], 0.0];
    want[1] = [t.2[0], t.2[1], t.2[2], 0.0];
    want[2] = t.3;
    want[3] = [arr[2].0, arr[2].1[0], arr[2].1[1], arr[2].2[1]];
    want[4] = [u[0] + v[0], u[1] + v[1], u[2] + w, u[3]];
    let mut c4 = [1.5, 2.5, 3.5, 4.5];
    c4[(k & 3) as usize] = p[0];
    want[5] = c4;
    let cv = [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]];
    let mut lv = cv;
    lv[((k + 2) % 3) as usize] = [p[2], p[3]];
    want[6] = [lv[0][0], lv[0][1], lv[1][0], lv[1][1]];
    let c = cv[(k % 3) as usize];
    want[7] = [lv[2][0], lv[2][1], c[0], c[1]];
    want[8] = [0.0, p[0] * 3.0, 0.0, p[1]];

    for level in [None, Some(fresnel_opt::OptLevel::O)] {
        let out = run_out_ubo(&gpu, compute_spirv(CS, level, 0), 16 * 16, &ubo);
        let got = f32s(&out);
        for (i, w) in want.iter().enumerate() {
            for (j, &x) in w.iter().enumerate() {
                assert_eq!(got[i * 4 + j], x, "{level:?}: r[{i}].{j}");
            }
        }
    }
}

#[test]
fn optimized_module_stores_structures_and_constants_whole() {
    const OP_STORE: u16 = 62;
    const OP_ACCESS_CHAIN: u16 = 65;
    const OP_COMPOSITE_CONSTRUCT: u16 = 80;
    // Member stores of constants are one store of a constant.
    const VS: &str = r#"#version 450
struct S { float a; vec2 b; vec4 d; };
layout(location = 1) out S s;
void main() {
    s.a = 1.0;
    s.b = vec2(2.0, 3.0);
    s.d = vec4(7.0);
    gl_Position = vec4(1.0);
}
"#;
    let words = support::stage_spirv(
        fresnel::Stage::Vertex,
        VS,
        Some(fresnel_opt::OptLevel::O),
        0,
    );
    assert_eq!(
        opcode_count(&words, OP_STORE),
        2,
        "one store for `s`, one for `gl_Position`"
    );
    assert_eq!(opcode_count(&words, OP_ACCESS_CHAIN), 0);
    assert_eq!(opcode_count(&words, OP_COMPOSITE_CONSTRUCT), 0);
}

/// Whole matrices and arrays in a storage buffer: stored whole, loaded whole after the store
/// (the group may not move past it), row-major included.
const SSBO_CS: &str = r#"#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 1, std140) uniform U { vec4 p; int k; };
layout(set = 0, binding = 0, std430) buffer Out {
    mat4 m;
    layout(row_major) mat4 rm;
    vec4 a[4];
    vec4 res[4];
};
void main() {
    m = mat4(p, p.yzwx, p.zwxy * 2.0, vec4(1.0, 2.0, 3.0, 4.0));
    res[0] = m * p;
    rm = m;
    m[1] = vec4(0.5);
    res[1] = rm * p.wzyx;
    a = vec4[4](p, m[1], m[2], rm[3]);
    res[2] = a[k & 3] + a[(k + 1) & 3];
    res[3] = m * p;
}
"#;

#[test]
fn storage_buffer_groups_compute_the_expected_values() {
    let Some(gpu) = gpu() else { return };
    let p = [0.5f32, -1.25, 2.0, 3.0];
    let k = 1i32;
    let ubo = ubo_vec4_int(p, k);
    type M = [[f32; 4]; 4];
    let mv = |m: &M, v: [f32; 4]| -> [f32; 4] {
        std::array::from_fn(|r| (0..4).map(|c| m[c][r] * v[c]).sum())
    };
    let mut m: M = [
        p,
        [p[1], p[2], p[3], p[0]],
        [p[2] * 2.0, p[3] * 2.0, p[0] * 2.0, p[1] * 2.0],
        [1.0, 2.0, 3.0, 4.0],
    ];
    let res0 = mv(&m, p);
    let rm = m;
    m[1] = [0.5; 4];
    let res1 = mv(&rm, [p[3], p[2], p[1], p[0]]);
    let a = [p, m[1], m[2], rm[3]];
    let x = a[(k & 3) as usize];
    let y = a[((k + 1) & 3) as usize];
    let res2: [f32; 4] = std::array::from_fn(|i| x[i] + y[i]);
    let res3 = mv(&m, p);
    for level in [None, Some(fresnel_opt::OptLevel::O)] {
        let out = run_out_ubo(&gpu, compute_spirv(SSBO_CS, level, 0), 16 * 16, &ubo);
        let got = f32s(&out);
        // m (column-major), then rm stored row by row, then a, then res.
        for c in 0..4 {
            for r in 0..4 {
                assert_eq!(got[c * 4 + r], m[c][r], "{level:?}: m[{c}][{r}]");
                assert_eq!(got[16 + r * 4 + c], rm[c][r], "{level:?}: rm[{c}][{r}]");
            }
        }
        for (i, v) in a.iter().enumerate() {
            assert_eq!(&got[32 + i * 4..36 + i * 4], v, "{level:?}: a[{i}]");
        }
        for (i, v) in [res0, res1, res2, res3].iter().enumerate() {
            for (j, &w) in v.iter().enumerate() {
                let g = got[48 + i * 4 + j];
                assert!(
                    (g - w).abs() <= 1e-5 * (1.0 + w.abs()),
                    "{level:?}: res[{i}].{j} = {g}, want {w}"
                );
            }
        }
    }
    // At -O the matrix products read the stored matrix whole.
    const OP_MATRIX_TIMES_VECTOR: u16 = 145;
    let words = compute_spirv(SSBO_CS, Some(fresnel_opt::OptLevel::O), 0);
    assert!(opcode_count(&words, OP_MATRIX_TIMES_VECTOR) >= 2);
}
