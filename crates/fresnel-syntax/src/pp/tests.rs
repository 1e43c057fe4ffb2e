//! Preprocessor unit tests: token streams after preprocessing, and diagnostics.

use super::*;
use crate::source::FileOrigin;

struct Run {
    text: String,
    errors: Vec<String>,
    warnings: Vec<String>,
    out: PpOutput,
}

fn run_opts(src: &str, opts: &PpOptions) -> Run {
    run_with(src, opts, &mut NoIncludes)
}

fn run_with(src: &str, opts: &PpOptions, includer: &mut dyn IncludeResolver) -> Run {
    let mut sm = SourceMap::new();
    let mut interner = Interner::new();
    let mut diags = Diagnostics::new();
    let f = sm.add_file("t.glsl", src, FileOrigin::Main);
    let out = preprocess(&mut sm, &mut interner, &mut diags, f, opts, includer);
    let text = out
        .tokens
        .iter()
        .map(|t| match t.kind {
            TokenKind::Ident => interner.resolve(t.sym).to_string(),
            _ => crate::lexer::clean_spelling(sm.text(t.span)).into_owned(),
        })
        .collect::<Vec<_>>()
        .join(" ");
    let errors = diags
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.message.clone())
        .collect();
    let warnings = diags
        .iter()
        .filter(|d| d.severity == crate::diag::Severity::Warning)
        .map(|d| d.message.clone())
        .collect();
    Run {
        text,
        errors,
        warnings,
        out,
    }
}

fn run(src: &str) -> Run {
    run_opts(src, &PpOptions::default())
}

fn pp(src: &str) -> String {
    let r = run(src);
    assert!(r.errors.is_empty(), "unexpected errors: {:?}", r.errors);
    r.text
}

#[test]
fn object_and_function_macros() {
    assert_eq!(pp("#define X 1\nX + X"), "1 + 1");
    assert_eq!(pp("#define F(a, b) a * b\nF(1, 2)"), "1 * 2");
    assert_eq!(pp("#define F(a) (a)\nF((1, 2))"), "( ( 1 , 2 ) )");
    assert_eq!(pp("#define F() 7\nF()"), "7");
    assert_eq!(pp("#define F(x) x\nF"), "F");
    assert_eq!(pp("#define F(x) x\nF\n(3)"), "3");
}

#[test]
fn rescanning_and_recursion() {
    // A macro is not expanded inside its own expansion.
    assert_eq!(pp("#define X X + 1\nX"), "X + 1");
    assert_eq!(pp("#define A B\n#define B A\nA B"), "A B");
    // Arguments are expanded before substitution.
    assert_eq!(pp("#define F(x) x\n#define G F(2)\nF(G)"), "2");
    // The classic C example: f(f)(1) style rescanning across the end of a replacement.
    assert_eq!(
        pp("#define f(x) x*g\n#define g(x) x+1\nf(2)(3)"),
        "2 * 3 + 1"
    );
    // Nested invocation in arguments.
    assert_eq!(pp("#define F(x) x\nF(F(F(4)))"), "4");
    // Once painted, a name stays unexpanded.
    assert_eq!(
        pp("#define f(a) a*g\n#define g(a) f(a)\nf(2)(9)"),
        "2 * 9 * g"
    );
}

#[test]
fn token_pasting() {
    assert_eq!(
        pp("#version 450\n#define P(a) pasted_##a\nint P(sym);"),
        "int pasted_sym ;"
    );
    assert_eq!(
        pp("#version 450\n#define C(a,b) a##b\nC(,x) C(y,) C(,)"),
        "x y"
    );
    assert_eq!(pp("#version 450\n#define C(a,b) a ## b\nC(1,2)"), "12");
    let r = run("#version 300 es\n#define C(a,b) a##b\nC(x,y)");
    assert!(
        r.errors.iter().any(|e| e.contains("token pasting")),
        "{:?}",
        r.errors
    );
    let r = run("#version 450\n#define C(a,b) a##b\nC(+,/)");
    assert!(
        r.errors
            .iter()
            .any(|e| e.contains("does not give a valid token")),
        "{:?}",
        r.errors
    );
}

#[test]
fn conditionals() {
    assert_eq!(pp("#if 1\na\n#else\nb\n#endif"), "a");
    assert_eq!(pp("#if 0\na\n#elif 2 > 1\nb\n#else\nc\n#endif"), "b");
    assert_eq!(
        pp("#define X\n#ifdef X\na\n#endif\n#ifndef X\nb\n#endif"),
        "a"
    );
    assert_eq!(pp("#if defined(X) || defined Y\na\n#else\nb\n#endif"), "b");
    assert_eq!(pp("#if 0\n#if garbage (\n#endif\n#else\nok\n#endif"), "ok");
    // Skipped blocks may hold anything, even invalid directives.
    assert_eq!(pp("#if 0\n#foo\n$ @\n#endif\nx"), "x");
}

#[test]
fn if_expression_semantics() {
    assert_eq!(pp("#if (2147483647 + 1) == -2147483648\nok\n#endif"), "ok");
    assert_eq!(
        pp("#if (1 << 100) == 0 && (-1 >> 100) == -1 && (1 >> -1) == 0\nok\n#endif"),
        "ok"
    );
    assert_eq!(
        pp("#if (-2147483647 - 1) / -1 == -2147483647 - 1\nok\n#endif"),
        "ok"
    );
    assert_eq!(
        pp("#if 0x10 == 16 && 010 == 8 && 3u == 3\nok\n#endif"),
        "ok"
    );
    assert_eq!(pp("#if 1 || (1 / 0)\nok\n#endif"), "ok");
    let r = run("#if 1 / 0\n#endif");
    assert!(r.errors.iter().any(|e| e.contains("division by zero")));
    // Undefined identifiers: 0 on desktop, an error in ES (unless not evaluated).
    assert_eq!(pp("#if FOO == 0\nok\n#endif"), "ok");
    let r = run("#version 300 es\n#if FOO\n#endif");
    assert!(
        r.errors
            .iter()
            .any(|e| e.contains("undefined identifier `FOO`")),
        "{:?}",
        r.errors
    );
    let r = run("#version 300 es\n#if defined(FOO) && FOO\n#endif\nok");
    assert!(r.errors.is_empty(), "{:?}", r.errors);
}

#[test]
fn conditional_errors() {
    let r = run("#endif\n#else\n#if 1\n");
    assert_eq!(r.errors.len(), 3, "{:?}", r.errors);
    let r = run("#if 1\n#else\n#else\n#endif");
    assert!(r.errors.iter().any(|e| e.contains("#else after #else")));
    let r = run("#if\n#endif");
    assert!(r.errors.iter().any(|e| e.contains("no expression")));
}

#[test]
fn version_directive() {
    let r = run("#version 310 es\nx");
    assert_eq!(r.out.version, Version::es(310));
    assert!(r.errors.is_empty());
    let r = run("// comment\n  #version 450 core\n");
    assert_eq!(
        r.out.version,
        Version::new(450, crate::version::Profile::Core)
    );
    let r = run("x\n#version 450\n");
    assert!(r.errors.iter().any(|e| e.contains("must come before")));
    let r = run("#version 300\n");
    assert!(!r.errors.is_empty());
    let r = run("#version 18446744073709551615\n");
    assert!(!r.errors.is_empty());
    assert_eq!(run("").out.version, Version::GLSL_110);
}

#[test]
fn predefined_macros() {
    assert_eq!(pp("#version 300 es\nGL_ES __VERSION__"), "1 300");
    assert_eq!(
        pp("#version 450\n__VERSION__ GL_core_profile GL_ARB_gpu_shader5"),
        "450 1 1"
    );
    assert_eq!(pp("a\n\n__LINE__"), "a 3");
    assert_eq!(pp("#version 330\n#line 10\n__LINE__"), "10");
    assert_eq!(pp("#version 120\n#line 10\n__LINE__"), "11");
    assert_eq!(pp("#line 5 7\n__FILE__"), "7");
    let r = run("#define GL_FOO 1");
    assert!(!r.errors.is_empty());
    // GLSL ES forbids undefining predefined macros (desktop GLSL does not; see
    // `desktop_predefined_macros_may_be_undefined`).
    let r = run("#version 300 es\n#undef __LINE__");
    assert!(!r.errors.is_empty());
    let r = run("#define defined 1");
    assert!(!r.errors.is_empty());
}

#[test]
fn redefinition_rules() {
    assert!(run("#define A 1 + 2\n#define A 1 + 2\n").errors.is_empty());
    assert!(!run("#define A 1 + 2\n#define A 1+2\n").errors.is_empty());
    assert!(!run("#define A(x) x\n#define A(y) y\n").errors.is_empty());
    assert!(run("#define A 1\n#undef A\n#define A 2\nA")
        .errors
        .is_empty());
}

#[test]
fn argument_errors() {
    let r = run("#define F(a, b) a\nF(1)");
    assert!(
        r.errors.iter().any(|e| e.contains("takes 2 arguments")),
        "{:?}",
        r.errors
    );
    let r = run("#define F(a) a\nF(1, 2)");
    assert!(r.errors.iter().any(|e| e.contains("takes 1 argument")));
    let r = run("#define F(a) a\nF((1)");
    assert!(r
        .errors
        .iter()
        .any(|e| e.contains("unterminated argument list")));
    let r = run("#define F(a, a) a\n");
    assert!(r.errors.iter().any(|e| e.contains("duplicate")));
}

#[test]
fn extension_and_pragma_events() {
    let r = run("#version 450\n#extension GL_ARB_gpu_shader5 : enable\n#pragma optimize(off)\n#extension GL_FOO_bar : warn\nx");
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.warnings.len(), 1);
    assert!(r.out.extensions.is_on(Ext::ARB_gpu_shader5));
    let kinds: Vec<_> = r.out.events.iter().map(|e| e.kind.clone()).collect();
    assert!(matches!(kinds[0], PpEventKind::Version(_)));
    assert!(matches!(
        kinds[2],
        PpEventKind::Pragma(Pragma::Optimize(false))
    ));
    let r = run("#extension all : enable\n");
    assert!(!r.errors.is_empty());
    let r = run("#extension GL_FOO_bar : require\n");
    assert!(!r.errors.is_empty());
}

#[test]
fn limits_are_reported() {
    // Exponential expansion.
    let mut src = String::from("#define A0 x x\n");
    for i in 1..40 {
        src.push_str(&format!("#define A{i} A{} A{}\n", i - 1, i - 1));
    }
    src.push_str("A39\n");
    let small = PpOptions {
        limits: PpLimits {
            max_expansion_tokens: 100_000,
            ..PpLimits::default()
        },
        ..PpOptions::default()
    };
    let r = run_opts(&src, &small);
    assert!(r.out.truncated);
    assert!(
        r.errors.iter().any(|e| e.contains("more than")),
        "{:?}",
        r.errors
    );
    // Deeply nested invocations.
    let n = 1000;
    let src = format!("#define F(x) x\n{}1{}", "F(".repeat(n), ")".repeat(n));
    let r = run(&src);
    assert!(
        r.errors.iter().any(|e| e.contains("nested")),
        "{:?}",
        r.errors
    );
    // Deep #if nesting.
    let src = "#if 1\n".repeat(5000);
    let r = run(&src);
    assert!(!r.errors.is_empty());
    // Deep parentheses.
    let src = format!("#if {}1{}\n#endif", "(".repeat(10000), ")".repeat(10000));
    let r = run(&src);
    assert!(!r.errors.is_empty());
}

#[test]
fn line_continuation() {
    assert_eq!(pp("#version 450\n#define A 1 \\\n + 2\nA"), "1 + 2");
    // Applied in every version; recorded for the parser to report where the version lacks it.
    let r = run("#version 100\nfl\\\noat");
    assert_eq!(r.text, "float");
    assert!(r.errors.is_empty());
    assert_eq!(r.out.unsupported_continuations.len(), 1);
    assert!(run("#version 300 es\nfl\\\noat")
        .out
        .unsupported_continuations
        .is_empty());
}

#[test]
fn command_line_defines() {
    let opts = PpOptions {
        defines: vec![
            CommandLineMacro::Define {
                name: "A".into(),
                value: Some("3".into()),
            },
            CommandLineMacro::Define {
                name: "B".into(),
                value: None,
            },
            CommandLineMacro::Undef { name: "B".into() },
        ],
        ..PpOptions::default()
    };
    let r = run_opts("A B", &opts);
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.text, "3 B");
}

#[test]
fn stringify_with_debug_printf() {
    let r = run(
        "#version 450\n#extension GL_EXT_debug_printf : enable\n#define S(a) #a\n#define T(a) S(a)\n#define N 7\nS(12  3) S(\"x\") S(N) T(T(hi))",
    );
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    // glslang's `#`: the argument is expanded first, and strings inside it are flattened.
    assert_eq!(r.text, "\"12 3\" \"x\" \"7\" \"hi\"");
}

#[test]
fn expansion_spans_point_at_invocation() {
    let mut sm = SourceMap::new();
    let mut interner = Interner::new();
    let mut diags = Diagnostics::new();
    let f = sm.add_file("t.glsl", "#define X foo\n  X", FileOrigin::Main);
    let out = preprocess(
        &mut sm,
        &mut interner,
        &mut diags,
        f,
        &PpOptions::default(),
        &mut NoIncludes,
    );
    let t = out.tokens[0];
    assert!(!t.span.expn.is_root());
    let loc = sm.location(t.span);
    assert_eq!((loc.line, loc.column), (2, 3));
    assert_eq!(sm.text(t.span), "foo");
}

fn run_stage(src: &str, stage: Stage) -> Run {
    run_opts(
        src,
        &PpOptions {
            stage: Some(stage),
            ..PpOptions::default()
        },
    )
}

#[test]
fn block_comment_closed_through_line_continuation() {
    // Continuations are removed before comments are recognized, so `*\` new-line `/` ends the
    // comment (piglit arb_shading_language_420pack/compiler/line-continuation.frag).
    assert_eq!(pp("#version 450\n/* a *\\\n/ b"), "b");
    assert_eq!(pp("#version 450\n/* a *\\\r\n\\\n/ b */ c"), "b * / c");
    assert_eq!(pp("#version 450\n/* a *\\\nb */ c"), "c");
    let r = run("/* a */ b /* unterminated *");
    assert_eq!(r.text, "b");
    assert!(r.errors.iter().any(|e| e.contains("unterminated")));
    // A version without line continuation hears about the one that closed the comment, and
    // only about that one.
    let r = run("#version 100\n/* x \\\n y *\\\n/ b");
    assert_eq!(r.text, "b");
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.out.unsupported_continuations.len(), 1);
}

#[test]
fn byte_order_mark_is_skipped() {
    // glslang Test/UTF8BOM.vert: the BOM is not content before `#version`.
    let r = run("\u{feff}#version 450\nx");
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.out.version, Version::desktop(450));
    assert_eq!(r.text, "x");
    let r = run("\u{feff}/* c */\n#version 310 es\nx");
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.out.version, Version::es(310));
}

#[test]
fn desktop_predefined_macros_may_be_undefined() {
    // Desktop GLSL reserves `__` names by convention only; GLSL ES makes undefining or
    // redefining a predefined macro an error (KhronosGL CTS gl33 preprocessor undefine_version).
    let r = run("#version 330\n#undef __VERSION__\n#if defined(__VERSION__)\nbad\n#endif\nok");
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.text, "ok");
    assert!(r.warnings.iter().any(|w| w.contains("reserved")));
    let r = run("#version 330\n#define __LINE__ 7\n__LINE__");
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.text, "7");
    // Other predefined names keep C's rule: a different redefinition is an error.
    let vulkan = PpOptions {
        target: TargetEnv::Vulkan { minor: 0 },
        ..PpOptions::default()
    };
    let r = run_opts("#version 450\n#define VULKAN 100\nVULKAN", &vulkan);
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.text, "100");
    let r = run_opts("#version 450\n#define VULKAN 200", &vulkan);
    assert!(!r.errors.is_empty());
    for src in [
        "#version 310 es\n#undef __VERSION__",
        "#version 310 es\n#define __FILE__ 2",
        "#undef GL_core_profile",
        "#version 330\n#undef GL_core_profile",
        "#version 100\n#undef GL_ES",
    ] {
        assert!(!run(src).errors.is_empty(), "{src}");
    }
}

#[test]
fn spirv_intrinsics_allows_gl_prefixed_macros() {
    // GL_EXT_spirv_intrinsics makes the `GL_` prefix a convention (glslang
    // spv.intrinsicsSpirvDecorate.frag redefines an extension macro).
    let r = run(
        "#version 450 core\n#extension GL_EXT_spirv_intrinsics : enable\n\
         #define GL_ARB_shader_stencil_export 1\n#define GL_MINE 2\nGL_MINE",
    );
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.text, "2");
    let r = run(
        "#version 450 core\n#extension GL_EXT_spirv_intrinsics : enable\n\
         #define GL_ARB_shader_stencil_export 2\nGL_ARB_shader_stencil_export",
    );
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.text, "2");
    let r = run("#version 450 core\n#define GL_MINE 2");
    assert!(!r.errors.is_empty());
}

#[test]
fn paste_operators_come_only_from_the_replacement_list() {
    // A `##` inside an argument is an ordinary token, not an operator.
    let r = run("#version 450\n#define ID(x) x\nID(foo ## bar)");
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.text, "foo ## bar");
    // The C standard's example: a `##` made by pasting is not an operator either.
    let r = run("#version 450\n#extension GL_EXT_debug_printf : enable\n\
         #define hash_hash # ## #\n#define mkstr(a) # a\n\
         #define in_between(a) mkstr(a)\n#define join(c, d) in_between(c hash_hash d)\n\
         join(x, y)");
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.text, "\"x ## y\"");
    // Operators in the replacement list still paste, also next to an argument holding `##`.
    assert_eq!(
        pp("#version 450\n#define P(a, b) a ## b\nP(x, y ## z)"),
        "xy ## z"
    );
    // The version check applies to operators only.
    let r = run("#version 100\n#define ID(x) x\nID(a ## b)");
    assert!(r.errors.is_empty(), "{:?}", r.errors);
}

#[test]
fn stage_macros_of_spirv_intrinsics() {
    let r = run_stage(
        "#version 450\nGL_FRAGMENT_SHADER GL_VERTEX_SHADER",
        Stage::Fragment,
    );
    assert_eq!(r.text, "1 GL_VERTEX_SHADER");
    let r = run_stage("#version 460\nGL_RAY_GENERATION_SHADER_EXT", Stage::RayGen);
    assert_eq!(r.text, "1");
    let r = run_stage("#version 450\nGL_COMPUTE_SHADER", Stage::Compute);
    assert_eq!(r.text, "GL_COMPUTE_SHADER");
    // No stage given: no stage macro.
    assert_eq!(pp("#version 450\nGL_VERTEX_SHADER"), "GL_VERTEX_SHADER");
}

#[test]
fn line_in_replacement_list_is_the_invocation_end() {
    // dEQP preprocessor.line_2: arguments keep their own lines, the replacement list takes
    // the line of the invocation's closing parenthesis.
    let src = "#define BBB __LINE__, /*\n*/ __LINE__\n#define AAA(a,b) BBB, a, b\nAAA(__LINE__,\n__LINE__\n)";
    assert_eq!(pp(src), "6 , 6 , 4 , 5");
}

/// Resolves every header to the same text.
struct SameHeader(&'static str);

impl IncludeResolver for SameHeader {
    fn resolve(
        &mut self,
        name: &str,
        _kind: IncludeKind,
        _from: &str,
    ) -> Result<(String, String), String> {
        Ok((name.to_string(), self.0.to_string()))
    }
}

#[test]
fn text_made_by_pasting_is_limited() {
    // Each level pastes its argument to itself: 2^n bytes after n levels, so 40 levels would
    // be a terabyte without the limit.
    let n = 40;
    let src = format!(
        "#version 450\n#define C(a) a##a\n#define D(a) C(a)\nint {}x{};\n",
        "D(".repeat(n),
        ")".repeat(n)
    );
    let small = PpOptions {
        limits: PpLimits {
            max_scratch_bytes: 1 << 16,
            ..PpLimits::default()
        },
        ..PpOptions::default()
    };
    let r = run_opts(&src, &small);
    assert!(r.out.truncated);
    assert_eq!(r.errors.len(), 1, "{:?}", r.errors);
    assert!(
        r.errors[0].contains("exceeds the limit of 65536 bytes"),
        "{:?}",
        r.errors
    );
    // Below the limit, the same macros paste as usual.
    let r = run_opts(
        "#version 450\n#define C(a) a##a\n#define D(a) C(a)\nD(D(D(x)))",
        &small,
    );
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.text, "xxxxxxxx");
}

/// Options with these limits.
fn with_limits(limits: PpLimits) -> PpOptions {
    PpOptions {
        limits,
        ..PpOptions::default()
    }
}

#[test]
fn source_size_and_include_count_are_limited() {
    // The main file alone is over the limit: nothing is read.
    let long = format!("int a;\n{}", "// padding\n".repeat(10));
    let small = |bytes| {
        with_limits(PpLimits {
            max_source_bytes: bytes,
            ..PpLimits::default()
        })
    };
    let r = run_opts(&long, &small(64));
    assert!(r.out.truncated);
    assert!(r.out.tokens.is_empty());
    assert_eq!(r.errors, ["the source text exceeds the limit of 64 bytes"]);
    // Headers count toward the same total.
    let inc = "#version 450\n#extension GL_GOOGLE_include_directive : enable\n";
    let long_header =
        SameHeader("int this_header_is_long_enough_to_pass_the_limit_of_the_source_text;\n");
    let r = run_with(&format!("{inc}#include \"a.h\"\n"), &small(120), &mut {
        long_header
    });
    assert!(r.out.truncated);
    assert_eq!(r.errors, ["the source text exceeds the limit of 120 bytes"]);
    // An empty header included again and again costs no bytes but is still counted; within
    // the limit, includes work.
    let three = with_limits(PpLimits {
        max_included_files: 3,
        ..PpLimits::default()
    });
    let includes = |n: usize| format!("{inc}{}", "#include \"e.h\"\n".repeat(n));
    let r = run_with(&includes(5), &three, &mut SameHeader(""));
    assert!(r.out.truncated);
    assert_eq!(r.errors, ["more than 3 `#include` directives in all"]);
    let r = run_with(&includes(3), &three, &mut SameHeader(""));
    assert!(!r.out.truncated && r.errors.is_empty(), "{:?}", r.errors);
}
