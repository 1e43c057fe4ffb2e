//! `fresnel run --spec ID=VALUE` (helper E, issue 5): specialization constants and a
//! specializable workgroup size change what the interpreter computes; bad ids are errors.

use std::process::{Command, Output};

const SHADER: &str = "#version 450
layout(local_size_x_id = 3, local_size_y = 1) in;
layout(constant_id = 0) const int N = 4;
layout(constant_id = 1) const float S = 1.5;
layout(std430, binding = 0) buffer Out { int i; float f; uint count; };
void main() {
    i = N * 2 + 1;
    f = S * 2.0;
    atomicAdd(count, 1u);
}
";

fn run(extra: &[&str]) -> Output {
    // One file per call: the tests run in parallel, and rewriting a shared file while another
    // test's compiler reads it made them flaky.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("fresnel-spec-flag-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(format!("s{n}.comp"));
    std::fs::write(&path, SHADER).expect("write");
    Command::new(env!("CARGO_BIN_EXE_fresnel"))
        .args(["run", "--target-env", "vulkan1.1"])
        .arg(&path)
        .args(extra)
        .env("NO_COLOR", "1")
        .output()
        .expect("run fresnel")
}

/// The `Out` buffer words printed by `fresnel run`.
fn out_words(o: &Output) -> Vec<u64> {
    let text = String::from_utf8_lossy(&o.stdout);
    let json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    json["buffers"]["Out"]
        .as_array()
        .expect("Out")
        .iter()
        .map(|v| v.as_u64().expect("word"))
        .collect()
}

#[test]
fn defaults_without_the_flag() {
    let o = run(&[]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let w = out_words(&o);
    assert_eq!(w[0], 9);
    assert_eq!(w[1], u64::from(3.0f32.to_bits()));
    assert_eq!(w[2], 1, "one invocation (local_size_x_id defaults to 1)");
}

#[test]
fn spec_values_and_workgroup_size_apply() {
    let o = run(&["--spec", "0=10", "--spec", "1=0.25", "--spec", "3=4"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let w = out_words(&o);
    assert_eq!(w[0], 21);
    assert_eq!(w[1], u64::from(0.5f32.to_bits()));
    assert_eq!(w[2], 4, "four invocations");
}

#[test]
fn unknown_ids_and_bad_syntax_are_errors() {
    for bad in ["9=1", "x=1", "0"] {
        let o = run(&["--spec", bad]);
        assert!(!o.status.success(), "--spec {bad} accepted");
        let e = String::from_utf8_lossy(&o.stderr);
        assert!(e.contains("--spec"), "{e}");
    }
}
