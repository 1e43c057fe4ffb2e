//! Property tests: whatever the input, the front end terminates without panicking, reports an
//! error whenever it produced error nodes, and prints deterministic output.

use fresnel_syntax::ast::print_ast;
use fresnel_syntax::diag::{render_human, render_json, RenderOptions};
use fresnel_syntax::parse::{parse, ParseOptions};
use fresnel_syntax::pp::{preprocess, print_preprocessed, NoIncludes, PpOptions};
use fresnel_syntax::source::FileOrigin;
use fresnel_syntax::{Diagnostics, Interner, SourceMap};
use proptest::prelude::*;

/// Runs the whole front end and returns (error count, AST dump, preprocessed text).
fn run(src: &str) -> (usize, String, String) {
    let mut sm = SourceMap::new();
    let mut interner = Interner::new();
    let mut diags = Diagnostics::new();
    let f = sm.add_file("fuzz.glsl", src, FileOrigin::Main);
    let out = preprocess(
        &mut sm,
        &mut interner,
        &mut diags,
        f,
        &PpOptions::default(),
        &mut NoIncludes,
    );
    let pp_text = print_preprocessed(&out, &sm, &interner);
    let tu = parse(
        &out,
        &sm,
        &mut interner,
        &mut diags,
        &ParseOptions::default(),
    );
    let dump = print_ast(&tu, &sm, &interner);
    let _ = render_human(&sm, &interner, diags.as_slice(), RenderOptions::default());
    let _ = render_json(&sm, diags.as_slice());
    if dump.contains("ErrorExpression") || dump.contains("ErrorStatement") {
        assert!(
            diags.has_errors(),
            "error nodes without an error diagnostic:\n{src}"
        );
    }
    (diags.error_count(), dump, pp_text)
}

const VOCAB: &[&str] = &[
    "#define",
    "#undef",
    "#if",
    "#ifdef",
    "#ifndef",
    "#elif",
    "#else",
    "#endif",
    "#error",
    "#pragma",
    "#extension",
    "#version",
    "#line",
    "#include",
    "#",
    "##",
    "defined",
    "__LINE__",
    "__FILE__",
    "__VERSION__",
    "GL_ES",
    "A",
    "B",
    "F",
    "F(",
    "x",
    "y",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    ";",
    ":",
    "?",
    ".",
    "=",
    "+",
    "-",
    "*",
    "/",
    "%",
    "<<",
    ">>",
    "<",
    ">",
    "<=",
    "==",
    "!=",
    "&&",
    "||",
    "^^",
    "!",
    "~",
    "++",
    "--",
    "+=",
    "1",
    "0x1F",
    "07",
    "3u",
    "1.5",
    ".5e3f",
    "2.0lf",
    "1e",
    "\"str\"",
    "float",
    "vec4",
    "int",
    "uint",
    "void",
    "struct",
    "uniform",
    "in",
    "out",
    "inout",
    "const",
    "layout",
    "location",
    "binding",
    "std140",
    "buffer",
    "highp",
    "precision",
    "if",
    "else",
    "for",
    "while",
    "do",
    "switch",
    "case",
    "default",
    "break",
    "continue",
    "return",
    "discard",
    "main",
    "true",
    "false",
    "invariant",
    "precise",
    "subroutine",
    "\\\n",
    "\n",
    " ",
    "/*",
    "*/",
    "//",
    "450",
    "300",
    "es",
    "core",
    "enable",
    "require",
    "GL_EXT_debug_printf",
    "GL_GOOGLE_include_directive",
    "[[",
    "]]",
    "coopmat",
    "rayPayloadEXT",
    "$",
    "@",
];

fn token_soup() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(VOCAB), 0..120).prop_map(|v| v.join(" "))
}

proptest! {
    // FRESNEL_FUZZ_CASES=100000 for a longer run.
    #![proptest_config(ProptestConfig {
        cases: std::env::var("FRESNEL_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(300),
        ..ProptestConfig::default()
    })]

    #[test]
    fn arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..2000)) {
        let src = String::from_utf8_lossy(&bytes).into_owned();
        run(&src);
    }

    #[test]
    fn token_soups(src in token_soup()) {
        let a = run(&src);
        let b = run(&src);
        prop_assert_eq!(a, b, "non-deterministic output");
    }

    #[test]
    fn soups_after_a_version(src in token_soup(), v in prop::sample::select(&["100", "110", "300 es", "330", "450"][..])) {
        run(&format!("#version {v}\n{src}"));
    }
}

/// An unclosed `(` inside type parameters (`coopmat<uint, S, 64, (2> a;`) ends the look-ahead
/// for `<...>` at the statement's end; it used to scan past the end of the tokens for ever.
#[test]
fn unclosed_paren_in_type_parameters_ends() {
    for src in [
        "#version 450\nvoid main() {\n  coopmat<uint, gl_ScopeWorkgroup, 64, (2> a;\n}\n",
        "#version 450\nvoid main() {\n  coopmat<uint, 64, (2, gl_MatrixUseAccumulator> a;\n}\n",
        "#version 450\nvoid main() {\n  foo<(1",
    ] {
        let (errors, _, _) = run(src);
        assert!(errors > 0, "{src}");
    }
}
