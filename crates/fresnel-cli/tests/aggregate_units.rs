//! Issue 4: a function taking or returning aggregates (arrays, structures, matrices) called
//! in one file and defined in another: the units link through the function's flattened form
//! and compile to valid SPIR-V; optimized, the call is inlined after linking.

mod support;

use support::{fresnel, spirv_val, text, write};

fn scratch(name: &str) -> support::Scratch {
    support::scratch("agg", name)
}

const MAIN_VS: &str = "#version 450
layout(location = 0) in vec4 pos;
layout(location = 0) out vec4 col;
struct S { vec2 p; float w[2]; };
float sum3(float a[3]);
S make(float k);
void scale_all(inout float a[3], in mat2 m, out S s);
void main() {
    float a[3] = float[3](pos.x, pos.y, pos.z);
    S s;
    scale_all(a, mat2(2.0), s);
    col = vec4(sum3(a), s.p.y, s.w[1], make(pos.w).w[1]);
    gl_Position = pos;
}
";

const LIB_VS: &str = "#version 450
struct S { vec2 p; float w[2]; };
float sum3(float a[3]) { return a[0] + a[1] + a[2]; }
S make(float k) {
    S s;
    s.p = vec2(k, k + 1.0);
    s.w = float[2](k * 2.0, k * 3.0);
    if (k > 10.0)
        return S(vec2(0.0), float[2](0.0, 0.0));
    return s;
}
void scale_all(inout float a[3], in mat2 m, out S s) {
    for (int i = 0; i < 3; i++)
        a[i] *= m[0][0];
    s.p = m[1];
    s.w = float[2](a[0], a[2]);
}
";

#[test]
fn aggregate_functions_across_units_compile_and_inline() {
    let d = scratch("ok");
    let a = write(&d, "a.vert", MAIN_VS);
    let b = write(&d, "b.vert", LIB_VS);
    for level in ["-O0", "-O"] {
        let out = d.join(format!("out{level}"));
        std::fs::create_dir_all(&out).unwrap();
        let out_s = out.to_string_lossy().into_owned();
        let o = fresnel(&[
            "compile",
            &a,
            &b,
            level,
            "--target-env",
            "vulkan1.0",
            "--emit",
            "spirv",
            "-o",
            &out_s,
        ]);
        assert_eq!(o.status.code(), Some(0), "{level}: {}", text(&o.stderr));
        spirv_val(&out.join("vert.spv"));
    }
    // Linked, unoptimized: the flattened functions are defined, no declaration is left.
    let o = fresnel(&[
        "compile",
        &a,
        &b,
        "-O0",
        "--target-env",
        "vulkan1.0",
        "--emit",
        "ir",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let ir = text(&o.stdout);
    assert!(!ir.contains("declare "), "{ir}");
    assert!(ir.contains("sum3__flat(float[3])"), "{ir}");
    assert!(ir.contains("call "), "{ir}");
    // Optimized: inlined after linking, only `main` is left.
    let o = fresnel(&[
        "compile",
        &a,
        &b,
        "-O",
        "--target-env",
        "vulkan1.0",
        "--emit",
        "ir",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let ir = text(&o.stdout);
    assert!(!ir.contains("call "), "{ir}");
    assert!(!ir.contains("__flat"), "{ir}");
}
