//! Snapshots of the typed HIR (`fresnel compile --emit hir`): constructors resolved, calls
//! bound to a user function or a built-in signature, implicit conversions explicit, constant
//! expressions folded.

use fresnel::{NoIncludes, Options, SourceInput, Stage};

fn hir(name: &str, stage: Stage, src: &str) -> String {
    let opts = Options {
        stage: Some(stage),
        ..Default::default()
    };
    let run = fresnel::check(SourceInput::new(name, src), &opts, &mut NoIncludes);
    assert!(
        !run.has_errors(),
        "{name}: {}",
        run.render_diagnostics(fresnel::ErrorFormat::Human, false)
    );
    run.hir_text().expect("a checked module")
}

#[test]
fn conversions_calls_and_folding() {
    let text = hir(
        "conv.vert",
        Stage::Vertex,
        "#version 450\n\
         const int N = 2 * 3 + 1;\n\
         float scale(float x, int k) { return x * k; }\n\
         uniform int u;\n\
         void main() {\n\
             float a[N];\n\
             vec3 v = vec3(u, 1, 2.5);\n\
             a[0] = scale(u, 2) + length(v);\n\
             gl_Position = vec4(v, a[0]);\n\
         }\n",
    );
    insta::assert_snapshot!("conversions_calls_and_folding", text);
}

#[test]
fn example_shader() {
    let src = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/phong.frag"
    ))
    .expect("examples/phong.frag");
    let text = hir("phong.frag", Stage::Fragment, &src);
    insta::assert_snapshot!("phong", text);
}
