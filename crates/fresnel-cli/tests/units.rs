//! Issue 4: several files of one stage are compilation units linked into one shader
//! (a function called in one file and defined in another), then compiled as usual.

mod support;

use support::{fresnel, spirv_val, text, write};

fn scratch(name: &str) -> support::Scratch {
    support::scratch("units", name)
}

const MAIN_VS: &str = "#version 450
layout(location = 0) in vec4 pos;
layout(location = 0) out vec4 col;
vec4 shade(vec4 p, out float w);
float bias;
void main() {
    bias = 0.25;
    float w;
    col = shade(pos, w);
    gl_Position = pos * w;
}
";

const LIB_VS: &str = "#version 450
float bias;
float twice(float x) { return 2.0 * x; }
vec4 shade(vec4 p, out float w) { w = twice(bias); return p.zyxw + vec4(bias); }
";

const FS: &str = "#version 450
layout(location = 0) in vec4 col;
layout(location = 0) out vec4 o;
void main() { o = col; }
";

#[test]
fn two_vertex_units_compile_to_valid_spirv() {
    let d = scratch("ok");
    let a = write(&d, "a.vert", MAIN_VS);
    let b = write(&d, "b.vert", LIB_VS);
    let f = write(&d, "c.frag", FS);
    for level in ["-O0", "-O"] {
        let out = d.join(format!("out{level}"));
        std::fs::create_dir_all(&out).unwrap();
        let out_s = out.to_string_lossy().into_owned();
        let o = fresnel(&[
            "compile",
            &a,
            &b,
            &f,
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
        spirv_val(&out.join("frag.spv"));
    }
    // The linked IR: one vertex shader, no declaration left, `shade` and `twice` defined.
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
    assert_eq!(ir.matches("shader vertex").count(), 1, "{ir}");
    assert!(!ir.contains("declare "), "{ir}");
    assert!(ir.contains(" shade(") && ir.contains(" twice("), "{ir}");
    assert_eq!(ir.matches(" bias").count(), 1, "one shared global: {ir}");
}

#[test]
fn a_missing_definition_is_a_link_error() {
    let d = scratch("missing");
    let a = write(&d, "a.vert", MAIN_VS);
    let o = fresnel(&["compile", &a, "--target-env", "vulkan1.0", "--emit", "ir"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let e = text(&o.stderr);
    assert!(
        e.contains("function `shade` is called from `main` but no vertex unit defines it"),
        "{e}"
    );
    let b = write(&d, "b.vert", LIB_VS);
    let c = write(&d, "c.vert", LIB_VS);
    let o = fresnel(&[
        "compile",
        &a,
        &b,
        &c,
        "--target-env",
        "vulkan1.0",
        "--emit",
        "ir",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let e = text(&o.stderr);
    assert!(
        e.contains("is defined in both") && e.contains("b.vert"),
        "{e}"
    );
}

/// An implicitly sized array one unit never indexes takes the size the other unit gives
/// it; two explicit sizes that differ are still an error.
#[test]
fn an_unused_implicitly_sized_array_takes_the_other_units_size() {
    let d = scratch("implicit");
    let a = write(
        &d,
        "a.frag",
        "float a[];\nvoid f() { a[5] = 0.5; gl_FragColor = vec4(a[5]); }\n",
    );
    let b = write(
        &d,
        "b.frag",
        "float a[];\nvoid f();\nvoid main() { f(); }\n",
    );
    let o = fresnel(&["compile", &a, &b, "--emit", "ir"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("[6 x f32] a"),
        "{}",
        text(&o.stdout)
    );
    let c = write(
        &d,
        "c.frag",
        "float a[4];\nvoid f();\nvoid main() { f(); }\n",
    );
    let o = fresnel(&["compile", &a, &c, "--emit", "ir"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
}
