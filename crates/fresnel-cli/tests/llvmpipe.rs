//! The interpreter against a real driver: fragment shaders run by `fresnel run` and by Mesa's
//! llvmpipe (`../shared/tools/run-frag`, see its README) must give the same colours (within
//! 1e-4). Skipped, with a message, when run-frag does not work on this machine.

use std::path::{Path, PathBuf};
use std::process::Command;

const SHADERS: &[(&str, &str)] = &[
    (
        "mandel",
        r#"#version 300 es
precision highp float;
uniform vec2 u_center;
uniform float u_scale;
out vec4 color;
vec3 palette(float t) {
    return 0.5 + 0.5 * cos(6.28318 * (vec3(1.0) * t + vec3(0.0, 0.33, 0.67)));
}
void main() {
    vec2 c = u_center + (gl_FragCoord.xy / 16.0 - 0.5) * u_scale;
    vec2 z = vec2(0.0);
    int i;
    for (i = 0; i < 64; i++) {
        z = vec2(z.x * z.x - z.y * z.y, 2.0 * z.x * z.y) + c;
        if (dot(z, z) > 4.0) break;
    }
    float t = float(i) / 64.0;
    if (i == 64) { color = vec4(0.0, 0.0, 0.0, 1.0); return; }
    color = vec4(palette(t), 1.0) + vec4(dFdx(t), dFdy(t), 0.0, 0.0);
}
"#,
    ),
    (
        "math",
        r#"#version 300 es
precision highp float;
precision highp int;
uniform vec2 u_center;
uniform float u_scale;
out vec4 color;
struct P { vec2 a; mat2 m; };
float f(inout P p, int k) {
    p.a = p.m * p.a + vec2(float(k));
    return length(p.a);
}
void main() {
    vec2 uv = gl_FragCoord.xy / 16.0;
    P p = P(uv, mat2(cos(u_scale), sin(u_scale), -sin(u_scale), cos(u_scale)));
    float acc = 0.0;
    for (int k = 0; k < 5; k++) {
        if (k == 3) continue;
        acc += f(p, k) * 0.1;
    }
    ivec2 ip = ivec2(gl_FragCoord.xy);
    int bits = (ip.x * 7 + ip.y * 13) ^ (ip.x << 2);
    float h = float(bits % 17) / 17.0;
    switch (ip.x % 3) {
        case 0: h = h * 0.5; break;
        case 1: h = sqrt(h);
        default: h = h + 0.125;
    }
    color = vec4(fract(acc), h, smoothstep(0.2, 0.8, uv.x) * exp2(-uv.y), atan(uv.y, uv.x - 0.5));
}
"#,
    ),
];

fn tool() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/tools/run-frag")
}

fn read_f32(path: &Path) -> Option<Vec<f32>> {
    let b = std::fs::read(path).ok()?;
    Some(
        b.chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect(),
    )
}

#[test]
fn interpreter_matches_llvmpipe() {
    if !tool().exists() {
        println!("skipped: ../shared/tools/run-frag is missing");
        return;
    }
    let dir = std::env::temp_dir().join(format!("fresnel-llvmpipe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, src) in SHADERS {
        let file = dir.join(format!("{name}.frag"));
        std::fs::write(&file, src).unwrap();
        let reference = dir.join(format!("{name}.f32"));
        let st = Command::new(tool())
            .arg(&file)
            .args(["-s", "16x16", "--api", "gles"])
            .args(["-u", "u_center=-0.5,0.0", "-u", "u_scale=3.0"])
            .arg("-o")
            .arg(&reference)
            .output();
        let Some(want) = st
            .ok()
            .filter(|o| o.status.success())
            .and_then(|_| read_f32(&reference))
        else {
            println!("skipped: run-frag does not run here (../shared/tools/setup.sh installs it)");
            return;
        };
        let out = Command::new(env!("CARGO_BIN_EXE_fresnel"))
            .arg("run")
            .arg(&file)
            .args(["--grid", "16x16"])
            .args(["--uniform", "u_center=-0.5,0.0", "--uniform", "u_scale=3.0"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let got = v["outputs"]["color"].as_array().unwrap();
        assert_eq!(got.len() * 4, want.len(), "{name}");
        let mut worst = 0.0f64;
        for (i, px) in got.iter().enumerate() {
            for c in 0..4 {
                let g = px[c].as_f64().unwrap();
                let w = f64::from(want[i * 4 + c]);
                let d = (g - w).abs();
                worst = worst.max(d);
                assert!(
                    d <= 1e-4 * w.abs().max(1.0),
                    "{name}: pixel {i} component {c}: interpreter {g}, llvmpipe {w}"
                );
            }
        }
        println!("{name}: 256 pixels agree with llvmpipe (largest difference {worst:e})");
    }
}
