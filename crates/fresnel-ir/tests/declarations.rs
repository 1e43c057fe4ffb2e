//! Function declarations (issue 4: prototypes defined in another compilation unit): the
//! text form round-trips exactly, the parser rejects a declaration with a body, and a
//! built declaration validates and prints as `declare`.

use fresnel_ir::{parse, validate, Function, Param, ParamDir, Printer, Shader, Stage, VarMode};

fn print(s: &Shader) -> String {
    let mut out = String::new();
    Printer::new(s).shader(&mut out);
    out
}

const TEXT: &str = "shader fragment
info local_size=1x1x1
entry fn1

declare fn0 f(in @0, inout @1) -> @2 {
  var @0 function f32x4 a
  var @1 function i32 b
  var @2 function f32 return
}

function fn1 main() {
  block b0:  // preds:
    %0 = load_const 32x4 (0x0, 0x0, 0x0, 0x0)  // (0, 0, 0, 0)
    %1 = load_const 32x1 (0x1)  // (1)
    %2 32x1, %3 32x1 = call fn0(%0, %1)  // f
    // succs: b1
  block b1 (end):  // preds: b0
}
";

#[test]
fn declaration_round_trips_exactly() {
    let s = parse(TEXT).unwrap_or_else(|e| panic!("{e}"));
    validate(&s).unwrap_or_else(|e| panic!("{e:?}"));
    let f = &s.functions[s.find_function("f").expect("f")];
    assert!(f.is_declaration());
    assert_eq!(f.params.len(), 2);
    assert_eq!(f.params[1].dir, ParamDir::InOut);
    assert!(f.ret.is_some());
    assert!(!s.functions[s.entry.expect("entry")].is_declaration());
    assert_eq!(print(&s), TEXT);
}

#[test]
fn declaration_with_a_body_is_a_parse_error() {
    let text = "shader vertex\ndeclare fn0 f() {\n  block b0:\n  block b1 (end):\n}\n";
    let e = parse(text).expect_err("a declaration has no body");
    assert!(e.to_string().contains("declaration has no body"), "{e}");
}

#[test]
fn built_declaration_validates_and_prints_as_declare() {
    let mut s = Shader::new(Stage::Vertex);
    let f32t = s.types.scalar(fresnel_ir::BaseType::Float, 32);
    let fid = s.functions.push(Function::declaration("g"));
    let p = s.add_local(fid, "x", f32t);
    s.functions[fid].params.push(Param {
        var: p,
        dir: ParamDir::In,
    });
    assert_eq!(s.vars[p].mode, VarMode::Function);
    validate(&s).unwrap_or_else(|e| panic!("{e:?}"));
    let text = print(&s);
    assert!(text.contains("declare fn0 g(in @0) {"), "{text}");
    assert!(!text.contains("block"), "{text}");
    let back = parse(&text).unwrap_or_else(|e| panic!("{e}"));
    assert!(back.functions[fid].is_declaration());
    assert_eq!(print(&back), text);
    // A declaration cannot be the entry point.
    s.entry = Some(fid);
    let errs = validate(&s).expect_err("entry is a declaration");
    assert!(errs
        .iter()
        .any(|e| e.to_string().contains("declaration without a body")));
}

/// An inlining hint prints after the signature (`inline`, `noinline`) and parses back, on
/// declarations and definitions.
#[test]
fn function_control_round_trips() {
    let text = TEXT
        .replace("-> @2 {", "-> @2 noinline {")
        .replace("function fn1 main() {", "function fn1 main() inline {");
    let s = parse(&text).unwrap_or_else(|e| panic!("{e}"));
    validate(&s).unwrap_or_else(|e| panic!("{e:?}"));
    let f = &s.functions[s.find_function("f").expect("f")];
    assert_eq!(f.control, fresnel_ir::FunctionControl::DontInline);
    let m = &s.functions[s.find_function("main").expect("main")];
    assert_eq!(m.control, fresnel_ir::FunctionControl::Inline);
    assert_eq!(print(&s), text);
}
