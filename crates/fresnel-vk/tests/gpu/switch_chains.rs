//! `if` chains on one selector written as `OpSwitch` (`fresnel-backend/src/spirv/switch.rs`),
//! checked by execution: a compute shader with GLSL switches (several labels per case, a
//! default, vector results, a switch in a loop with `break`s) and hand-written `else if`
//! chains runs on the Vulkan driver at `-O0` and `-O`; every invocation's result must equal
//! the same logic computed here. Also a matrix product over three columns of a `mat4`
//! (`mat3(m) * v`), which once became an invalid `OpMatrixTimesVector`.
//! Fails when Vulkan is unavailable, unless `FRESNEL_SKIP_VULKAN=1` is set.

use crate::support::{compute_spirv, gpu, opcode_count, run_out_ubo};

const CS: &str = r#"#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer Out { ivec4 r[64]; vec4 f[64]; int w[64]; };
layout(set = 0, binding = 1, std140) uniform U { ivec4 k; mat4 m; };

ivec3 pick(uint i) {
    switch (i) {
    case 0u: return k.xyz;
    case 1u: return k.www;
    case 2u:
    case 3u: return ivec3(int(i) * 7);
    case 5u: return ivec3(-1, 2, -3);
    case 9u: return k.zyx + ivec3(1);
    default: return ivec3(100 + int(i));
    }
}

int chain(int x) {
    int v;
    if (x == 4) v = 40;
    else if (x == 7) v = k.y * 3;
    else if (x == 8 || x == 10) v = -8;
    else if (x == 11) v = x * x;
    else v = x - 1;
    return v;
}

int loopy(int x) {
    int acc = 0;
    for (int j = 0; j < 6; j++) {
        switch (x % 4) {
        case 0: acc += j; break;
        case 1: if (j == 3) { acc += 100; } else { acc -= 1; } break;
        case 2: acc += k.x; break;
        default: acc ^= j;
        }
        if (x == 13 && j == 2) break;
    }
    return acc;
}

// Stores in every arm: nothing to flatten into selects.
void store(uint i) {
    uint s = i % 7u;
    if (s == 0u) w[i] = 1;
    else if (s == 2u) w[i] = k.z;
    else if (s == 3u || s == 6u) { w[i] = int(i); }
    else if (s == 4u) w[i] = -5;
    else w[i] = 77;
}

void main() {
    uint i = gl_LocalInvocationID.x;
    store(i);
    r[i] = ivec4(pick(i % 12u), chain(int(i % 13u))) + ivec4(0, 0, 0, loopy(int(i)) * 1000);
    vec3 v = vec3(float(i), 1.0, -0.5);
    f[i] = vec4(mat3(m) * v, 0.0);
}
"#;

fn pick(i: u32, k: [i32; 4]) -> [i32; 3] {
    match i {
        0 => [k[0], k[1], k[2]],
        1 => [k[3]; 3],
        2 | 3 => [i as i32 * 7; 3],
        5 => [-1, 2, -3],
        9 => [k[2] + 1, k[1] + 1, k[0] + 1],
        _ => [100 + i as i32; 3],
    }
}

fn chain(x: i32, k: [i32; 4]) -> i32 {
    match x {
        4 => 40,
        7 => k[1] * 3,
        8 | 10 => -8,
        11 => x * x,
        _ => x - 1,
    }
}

fn loopy(x: i32, k: [i32; 4]) -> i32 {
    let mut acc = 0;
    for j in 0..6 {
        match x % 4 {
            0 => acc += j,
            1 => acc += if j == 3 { 100 } else { -1 },
            2 => acc += k[0],
            _ => acc ^= j,
        }
        if x == 13 && j == 2 {
            break;
        }
    }
    acc
}

#[test]
fn switch_chains_compute_what_the_cpu_computes() {
    let Some(gpu) = gpu() else { return };
    let k: [i32; 4] = [3, -4, 11, 6];
    let m: [[f32; 4]; 4] =
        std::array::from_fn(|c| std::array::from_fn(|r| ((c * 4 + r) as f32 - 6.0) * 0.5));
    let mut u: Vec<u8> = k.iter().flat_map(|x| x.to_le_bytes()).collect();
    for c in &m {
        u.extend(c.iter().flat_map(|x| x.to_le_bytes()));
    }
    for (level, minor) in [
        (None, 0),
        (Some(fresnel_opt::OptLevel::O), 0),
        (Some(fresnel_opt::OptLevel::O), 2),
    ] {
        let out = run_out_ubo(&gpu, compute_spirv(CS, level, minor), 64 * 36, &u);
        let word = |i: usize| {
            let b = &out[i * 4..i * 4 + 4];
            [b[0], b[1], b[2], b[3]]
        };
        for i in 0..64u32 {
            let p = pick(i % 12, k);
            let want = [
                p[0],
                p[1],
                p[2],
                chain((i % 13) as i32, k) + loopy(i as i32, k) * 1000,
            ];
            let got: Vec<i32> = (0..4)
                .map(|j| i32::from_le_bytes(word(i as usize * 4 + j)))
                .collect();
            assert_eq!(got, want, "{level:?} vulkan1.{minor}: r[{i}]");
            let want_w = match i % 7 {
                0 => 1,
                2 => k[2],
                3 | 6 => i as i32,
                4 => -5,
                _ => 77,
            };
            let got_w = i32::from_le_bytes(word(64 * 8 + i as usize));
            assert_eq!(got_w, want_w, "{level:?} vulkan1.{minor}: w[{i}]");
            let v = [i as f32, 1.0, -0.5];
            for row in 0..3 {
                let x: f32 = m.iter().zip(&v).map(|(col, vc)| col[row] * vc).sum();
                let g = f32::from_le_bytes(word(64 * 4 + i as usize * 4 + row));
                assert!(
                    (g - x).abs() <= 1e-4 * (1.0 + x.abs()),
                    "{level:?}: f[{i}].{row} = {g}, want {x}"
                );
            }
        }
    }
}

#[test]
fn optimized_chains_become_op_switch() {
    let words = compute_spirv(CS, Some(fresnel_opt::OptLevel::O), 0);
    // `store` (5 cases, one of two labels, and a default) and what is left of `pick`
    // after small arms became selects.
    assert!(
        opcode_count(&words, 251) >= 2,
        "OpSwitch: {}",
        opcode_count(&words, 251)
    );
    // Unoptimized too: `store`, `pick` and the switch in `loopy` read their selector once.
    let o0 = compute_spirv(CS, None, 0);
    assert!(
        opcode_count(&o0, 251) >= 3,
        "OpSwitch at -O0: {}",
        opcode_count(&o0, 251)
    );
}
