//! Parser tests: shapes of the tree for each construct, error recovery, limits.

use crate::ast::*;
use crate::diag::Diagnostics;
use crate::intern::Interner;
use crate::pp::{preprocess, NoIncludes, PpOptions};
use crate::source::{FileOrigin, SourceMap};

pub(crate) struct Parsed {
    pub tu: TranslationUnit,
    pub errors: Vec<String>,
    pub dump: String,
}

pub(crate) fn parse_src(src: &str) -> Parsed {
    parse_src_with(src, &super::ParseOptions::default())
}

/// [`parse_src`] with parse options (limits).
pub(crate) fn parse_src_with(src: &str, opts: &super::ParseOptions) -> Parsed {
    let mut sm = SourceMap::new();
    let mut interner = Interner::new();
    let mut diags = Diagnostics::new();
    let f = sm.add_file("t.glsl", src, FileOrigin::Main);
    let out = preprocess(
        &mut sm,
        &mut interner,
        &mut diags,
        f,
        &PpOptions::default(),
        &mut NoIncludes,
    );
    let tu = super::parse(&out, &sm, &mut interner, &mut diags, opts);
    let errors = diags
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.message.clone())
        .collect();
    let dump = print_ast(&tu, &sm, &interner);
    Parsed { tu, errors, dump }
}

fn ok(src: &str) -> Parsed {
    let p = parse_src(src);
    assert!(
        p.errors.is_empty(),
        "errors for {src:?}: {:?}\n{}",
        p.errors,
        p.dump
    );
    p
}

fn err(src: &str) -> Vec<String> {
    let p = parse_src(src);
    assert!(
        !p.errors.is_empty(),
        "expected errors for {src:?}\n{}",
        p.dump
    );
    p.errors
}

#[test]
fn declarations() {
    let p = ok("#version 450\nuniform vec4 a, b[2] = vec4[2](vec4(0), vec4(1));\nconst float c = 1.0;\nfloat[3] d;\n");
    assert_eq!(p.tu.decls.len(), 3);
    assert!(p.dump.contains("Declarator b"));
    assert!(p.dump.contains("Constructor vec4[N]"));
    assert!(p.dump.contains("Declaration float[N]"));
}

#[test]
fn structs_and_blocks() {
    let p = ok("#version 450\nstruct S { float a; vec2 b[3]; };\nS s;\nuniform Block { mat4 m; layout(offset = 16) vec4 v; } blk[2];\nbuffer B2 { float data[]; };\nstruct { int x; } anon;\n");
    assert!(p.dump.contains("Struct S"));
    assert!(p.dump.contains("Declaration S"));
    assert!(p.dump.contains("Block Block"));
    assert!(p.dump.contains("Instance blk"));
    assert!(p.dump.contains("Block B2"));
    assert!(p.dump.contains("Struct <anonymous>"));
}

#[test]
fn qualifiers_and_layouts() {
    let p = ok("#version 450\nlayout(location = 0, component = 1) flat in ivec2 v;\nlayout(std140, binding = 2) uniform;\nlayout(local_size_x = 8, local_size_y = 8) in;\ninvariant gl_Position;\nprecise out float x;\nlayout(shared) uniform U { float f; };\ncentroid noperspective out vec3 w;\n");
    assert!(p.dump.contains("LayoutId location"));
    assert!(p.dump.contains("QualifierDeclaration"));
    assert!(p.dump.contains("QualifiedNames gl_Position"));
    assert!(p.dump.contains("LayoutId shared"));
}

#[test]
fn functions_and_statements() {
    let p = ok(r#"#version 450
float f(in float x, out vec2 y[2], const int);
void g(void);
int h(S);
void main() {
    int i = 0, j;
    for (int k = 0; k < 4; ++k) { i += k; if (i > 3) break; else continue; }
    while (i > 0) i--;
    do { i++; } while (i < 10);
    switch (i) { case 1: case 2: i = 3; break; default: break; }
    float a[2] = float[](1.0, 2.0);
    i = a.length();
    vec4 v = vec4(1.0).xyzw;
    v.xy = v.yx * 2.0;
    return;
}
"#);
    assert!(p.dump.contains("FunctionPrototype f -> float"));
    assert!(p.dump.contains("Parameter <unnamed>: int"));
    assert!(p.dump.contains("Parameter <unnamed>: S"));
    assert!(p.dump.contains("FunctionDefinition main -> void"));
    assert!(p.dump.contains("Switch"));
    assert!(p.dump.contains("Method .length()"));
    assert!(p.dump.contains("Field .xy"));
}

#[test]
fn precedence_and_associativity() {
    let p = ok("#version 450\nvoid main(){ x = a + b * c - d << 1 < e == f & g ^ h | i && j ^^ k || l ? m : n = o; }");
    // The assignment is right-associative and binds loosest after the conditional.
    let s = &p.dump;
    let assign = s.find("Assign =").unwrap();
    let cond = s.find("Conditional").unwrap();
    assert!(assign < cond);
    let p = ok("void main(){ a = b = c; x = 1 - 2 - 3; }");
    // (1 - 2) - 3: the first Binary's left child is itself a Binary.
    let idx = p.dump.find("Binary -").unwrap();
    let rest = &p.dump[idx + 8..];
    assert!(rest.trim_start().starts_with("@") || rest.contains("Binary -"));
    let p = ok("void main(){ x = -a.b[1]++; y = !!z; w = ~-u; }");
    assert!(p.dump.contains("Postfix ++"));
    assert!(p.dump.contains("Prefix !"));
}

#[test]
fn statement_level_disambiguation() {
    let p = ok("#version 450\nstruct S { float a; };\nvoid main() { S s; S t[2]; S[2] u; s.a = 1.0; t[0] = s; S(1.0); x * y; float[2](1.0, 2.0); }");
    let decls = p.dump.matches("Declaration S").count();
    assert_eq!(decls, 3, "{}", p.dump);
    assert!(p.dump.contains("Call S"));
    assert!(p.dump.contains("Binary *"));
}

#[test]
fn extension_words_as_qualifiers_and_types() {
    let p = ok("#version 460\n#extension GL_EXT_ray_tracing : require\nlayout(location = 0) rayPayloadEXT vec4 payload;\nhitAttributeEXT Attr attribs;\nlayout(set = 0, binding = 0) uniform accelerationStructureEXT tlas;\nvoid main() { ignoreIntersectionEXT; }\n");
    assert!(
        p.dump.contains("Qualifiers layout(...) rayPayloadEXT"),
        "{}",
        p.dump
    );
    assert!(p.dump.contains("Declaration Attr"), "{}", p.dump);
    assert!(p.dump.contains("Qualifiers hitAttributeEXT"), "{}", p.dump);
    assert!(
        p.dump.contains("Declaration accelerationStructureEXT"),
        "{}",
        p.dump
    );
    assert!(p.dump.contains("IgnoreIntersection"));
}

#[test]
fn parameterized_types() {
    let p = ok("#version 450\n#extension GL_KHR_cooperative_matrix : enable\n#extension GL_EXT_long_vector : enable\nvoid main() { coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA> m = coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA>(0.0); vector<float, 5> v; bool b = a < c && d > e; }");
    assert!(
        p.dump.contains("Declaration coopmat<5 params>"),
        "{}",
        p.dump
    );
    assert!(
        p.dump.contains("Constructor coopmat<5 params>"),
        "{}",
        p.dump
    );
    assert!(
        p.dump.contains("Declaration vector<2 params>"),
        "{}",
        p.dump
    );
    assert!(p.dump.contains("Binary <"));
}

#[test]
fn attributes_and_initializer_lists() {
    let p = ok("#version 450\n#extension GL_EXT_control_flow_attributes : enable\nvoid main() { [[unroll]] for (int i = 0; i < 4; i++) {} [[dont_unroll, loop_count(3)]] while (true) {} float a[2] = { 1.0, 2.0, }; }");
    assert!(p.dump.contains("Attribute unroll"));
    assert!(p.dump.contains("Attribute loop_count"));
    assert!(p.dump.contains("InitializerList"));
    let e = err("#version 410\nfloat a[2] = { 1.0, 2.0 };");
    assert!(e.iter().any(|m| m.contains("initializer lists")));
}

#[test]
fn subroutines() {
    ok("#version 450\nsubroutine vec4 colorRedBlue(float);\nsubroutine(colorRedBlue) vec4 redColor(float x) { return vec4(x); }\nsubroutine uniform colorRedBlue myRoutine;\n");
}

#[test]
fn spirv_intrinsics() {
    let p = ok(r#"#version 450
#extension GL_EXT_spirv_intrinsics : enable
spirv_execution_mode(4479, 1);
spirv_instruction(set = "GLSL.std.450", id = 81) float myclamp(float x, float lo, float hi);
spirv_decorate(11, 1) in float x;
void main() {}
"#);
    assert!(p.dump.contains("Spirv spirv_execution_mode"));
    assert!(p.dump.contains("Spirv spirv_instruction"));
    assert!(p.dump.contains("Named set"));
}

#[test]
fn literals_and_versions() {
    ok("#version 450\nvoid main(){ uint a = 3u; double d = 1.0lf; float f = 1e-3f + .5 + 2.; int h = 0x7FFFFFFF + 0777; }");
    let p = ok("#version 450\nvoid main(){ vec3 v = 1.0.xxx; }");
    assert!(p.dump.contains("Field .xxx"));
    let e = err("#version 110\nvoid main(){ float f = 1.0f; }");
    assert!(e.iter().any(|m| m.contains("suffix")));
    let e = err("#version 110\nvoid main(){ int a = 3u; }");
    assert!(e.iter().any(|m| m.contains("suffix")));
    let e = err("void main(){ int a = 4294967296; }");
    assert!(e.iter().any(|m| m.contains("does not fit")));
    let e = err("void main(){ float a = 1.0.0; }");
    assert!(!e.is_empty());
}

#[test]
fn reserved_words() {
    let e = err("#version 450\nvoid main(){ int goto = 1; }");
    assert!(e.iter().any(|m| m.contains("reserved word")));
    let e = err("#version 300 es\nattribute vec4 a;");
    assert!(e.iter().any(|m| m.contains("reserved word")));
    // Words that are keywords only later are identifiers in older versions.
    ok("#version 110\nvoid main(){ float uint = 1.0; float sample = 2.0; }");
}

#[test]
fn error_recovery_reports_several() {
    let p = parse_src("#version 450\nvoid main() {\n  int a = ;\n  float b = 1.0\n  c = 3;\n}\nvoid f() { x = (1 + ; }\nuniform float ok;\n");
    assert!(p.errors.len() >= 2, "{:?}", p.errors);
    assert!(p.dump.contains("Declarator ok"), "{}", p.dump);
    let p = parse_src("}}}} ; ) ;\nint x;");
    assert!(!p.errors.is_empty());
    assert!(p.dump.contains("Declarator x"), "{}", p.dump);
}

/// The parser needs about 2 KB of stack per nesting level in release builds and up to 8 KB in
/// debug builds; at the default limit of 256 levels a debug build needs about 2 MB. The test
/// runs on a thread with 8 MB so it checks the limit, not the test harness's stack size.
#[test]
fn nesting_is_bounded() {
    std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(nesting_cases)
        .expect("spawn")
        .join()
        .expect("no panic");
}

fn nesting_cases() {
    for src in [
        format!(
            "void main(){{ x = {}1{}; }}",
            "(".repeat(100_000),
            ")".repeat(100_000)
        ),
        format!("void main(){} {}", "{".repeat(100_000), "}".repeat(100_000)),
        format!("void main(){{ x = {}1; }}", "-".repeat(100_000)),
        format!("void main(){{ {} }}", "if (a) ".repeat(100_000)),
        format!("float a{};", "[1]".repeat(100_000)),
        format!("void main(){{ x = a{}; }}", "[0]".repeat(100_000)),
        format!("void main(){{ f({}); }}", "g(".repeat(50_000)),
        format!(
            "{}int x;{}",
            "struct S {".repeat(50_000),
            "} s;".repeat(50_000)
        ),
        format!("int a[1] = {}1{};", "{".repeat(50_000), "}".repeat(50_000)),
        format!("void main(){{ x = {}1; }}", "a ? b : ".repeat(50_000)),
        format!("void main(){{ {}1; }}", "a = ".repeat(50_000)),
    ] {
        let p = parse_src(&src);
        assert!(
            p.errors
                .iter()
                .any(|m| m.contains("nesting") || m.contains("chain") || m.contains("expected")),
            "{}: {:?}",
            &src[..40],
            &p.errors[..p.errors.len().min(3)]
        );
    }
}

#[test]
fn line_continuation_checked_by_version() {
    let e = err("#version 100\nfloat f\\\noo;\n");
    assert!(e.iter().any(|m| m.contains("line continuation")));
    ok("#version 300 es\nfloat f\\\noo;\n");
    // Desktop before 4.20: a warning only (Mesa accepts it).
    ok("#version 130\n#define A 1 + \\\n 2\nfloat x = A;\n");
}

#[test]
fn long_operator_chains_are_fine() {
    // Generated shaders sum hundreds of terms; that is not nesting.
    let sum = vec!["a"; 1000].join(" + ");
    ok(&format!("void main() {{ x = {sum}; }}"));
    let idx = "[0]".repeat(500);
    ok(&format!("void main() {{ x = a{idx}; }}"));
}

#[test]
fn garbage_never_panics() {
    let samples = [
        "",
        ";",
        "(",
        ")",
        "{",
        "}",
        "[",
        "]",
        "<",
        ">",
        "struct",
        "struct {",
        "uniform",
        "layout(",
        "layout(x=",
        "void f(",
        "void f() {",
        "int a[",
        "a.b.c.",
        "x = y ?",
        "for(;;",
        "switch(x){case",
        "do",
        "precision",
        "precision highp",
        "float f(float x) float y;",
        "S<",
        "#version 450\ncoopmat<",
        "\"abc\"",
        "$$$",
        "1.0.0.0",
        "0x",
        "vec4[](",
        "uniform Block {",
        "uniform Block { float a; } b[",
        "[[",
        "[[x(",
        "return",
        "int a = {",
        "int a = {1,",
        "subroutine(",
        "in S",
        "a b c d e f g;",
        ",,,,",
        "... .. .",
    ];
    for s in samples {
        let _ = parse_src(s);
        let _ = parse_src(&format!("void main() {{ {s} }}"));
    }
}

/// Indices and arguments that are a lone identifier or literal take a short path; the nesting
/// limit falls at the same place as through the full descent (thresholds measured before the
/// short path existed).
#[test]
fn lone_operands_keep_the_nesting_limit() {
    let errors_at = |body: String| -> Vec<String> {
        let src = format!(
            "#version 450\nint a[4]; int i; int x; int f(int v){{return v;}}\n\
             void main(){{ x = {body}; x; 1; }}\n"
        );
        let opts = super::ParseOptions {
            max_depth: 9,
            ..Default::default()
        };
        parse_src_with(&src, &opts).errors
    };
    let idx = |n: usize, leaf: &str| format!("a{}[{leaf}{}", "[a".repeat(n), "]".repeat(n + 1));
    let call = |n: usize, leaf: &str| format!("{}{leaf}{}", "f(".repeat(n), ")".repeat(n));
    for leaf in ["0", "i", "1.0"] {
        assert_eq!(errors_at(idx(1, leaf)), Vec::<String>::new(), "{leaf}");
        assert_eq!(
            errors_at(idx(2, leaf)),
            vec!["nesting deeper than 9 levels".to_string()],
            "{leaf}"
        );
        assert_eq!(errors_at(call(2, leaf)), Vec::<String>::new(), "{leaf}");
        assert_eq!(
            errors_at(call(3, leaf)),
            vec!["nesting deeper than 9 levels".to_string()],
            "{leaf}"
        );
    }
}
