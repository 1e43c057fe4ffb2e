//! Specialization-constant expressions in the HIR (check/spec.rs, helper E, issue 5): they
//! stay constant expressions (array sizes take the default) but each folded use keeps its
//! unfolded form in `Module::spec_unfolded`, down to `ExprKind::Var` of the constant.

use fresnel::sema::hir::{ExprId, ExprKind, Module, StmtKind};
use fresnel::sema::types::{ArraySize, Type};
use fresnel::{NoIncludes, Options, SourceInput, Stage, TargetEnv};

fn check(src: &str) -> (Module, fresnel::syntax::intern::Interner) {
    let opts = Options {
        stage: Some(Stage::Compute),
        target: TargetEnv::Vulkan { minor: 1 },
        ..Default::default()
    };
    let run = fresnel::check(SourceInput::new("t.comp", src), &opts, &mut NoIncludes);
    assert!(
        !run.has_errors(),
        "{}",
        run.render_diagnostics(fresnel::ErrorFormat::Human, false)
    );
    (run.hir.expect("checked"), run.interner)
}

/// The right-hand sides of the assignments of `main`, in order.
fn assigned(m: &Module) -> Vec<ExprId> {
    let mut out = Vec::new();
    for s in &m.stmts {
        if let StmtKind::Expr(e) = &s.kind {
            if let ExprKind::Assign { rhs, .. } = &m.expr(*e).kind {
                out.push(*rhs);
            }
        }
    }
    out
}

/// The unfolded expression as text (`N`, `(N * 2) + 1`, constants by value).
fn show(m: &Module, e: ExprId, names: &dyn Fn(u32) -> String) -> String {
    let e = m.spec_unfolded(e).unwrap_or(e);
    match &m.expr(e).kind {
        ExprKind::Var(v) => names(v.0),
        ExprKind::Const(c) => format!("{c:?}"),
        ExprKind::Binary(op, a, b) => {
            format!(
                "({} {} {})",
                show(m, *a, names),
                op.text(),
                show(m, *b, names)
            )
        }
        ExprKind::Unary(op, a) => format!("{}{}", op.text(), show(m, *a, names)),
        ExprKind::Convert(a) => format!("conv({})", show(m, *a, names)),
        ExprKind::Select {
            cond,
            then_expr,
            else_expr,
        } => format!(
            "({} ? {} : {})",
            show(m, *cond, names),
            show(m, *then_expr, names),
            show(m, *else_expr, names)
        ),
        ExprKind::Construct(_, args) | ExprKind::Builtin(_, args) => {
            let a: Vec<String> = args.iter().map(|x| show(m, *x, names)).collect();
            format!("f({})", a.join(", "))
        }
        ExprKind::Swizzle(a, c) => format!("{}.{c:?}", show(m, *a, names)),
        other => format!("{other:?}"),
    }
}

const SRC: &str = "#version 450
layout(local_size_x = 1) in;
layout(constant_id = 0) const int N = 4;
layout(constant_id = 1) const float S = 1.5;
layout(constant_id = 2) const bool B = true;
const int M = N * 2 + 1;
const int PLAIN = 3 * 5;
layout(std430, binding = 0) buffer Out { int i[4]; float f; ivec2 v; };
void main() {
    int arr[M];
    i[0] = M;
    i[1] = B ? N : PLAIN;
    i[2] = arr.length();
    f = S * 2.0 + float(N);
    v = ivec2(N, 1).yx;
    i[3] = PLAIN;
}
";

#[test]
fn uses_stay_references_to_the_constants() {
    let (m, interner) = check(SRC);
    let name_of = |i: u32| interner.resolve(m.vars[i as usize].name).to_string();
    let rhs = assigned(&m);
    assert_eq!(rhs.len(), 6);
    // Every right-hand side is still a folded constant for the checks that need one.
    for e in &rhs {
        assert!(matches!(m.expr(*e).kind, ExprKind::Const(_)), "{e:?}");
    }
    let shown: Vec<String> = rhs.iter().map(|e| show(&m, *e, &name_of)).collect();
    assert_eq!(shown[0], "((N * I32(2)) + I32(1))");
    assert_eq!(shown[1], "(B ? N : I32(15))");
    // The array's length is specializable (issue 5: `check/spec_array.rs`), and so is its
    // `.length()`.
    assert_eq!(shown[2], "((N * I32(2)) + I32(1))");
    assert!(m.is_spec_expr(rhs[2]));
    assert_eq!(shown[3], "((S * F32(2.0)) + f(N))");
    assert_eq!(shown[4], "f(N, I32(1)).[1, 0]");
    // Constants that do not depend on specialization constants are plain constants.
    assert_eq!(shown[5], "I32(15)");
    assert!(!m.is_spec_expr(rhs[5]));
}

#[test]
fn array_sizes_take_the_default() {
    let (m, interner) = check(SRC);
    let arr = m
        .vars
        .iter()
        .find(|v| interner.resolve(v.name) == "arr")
        .expect("arr");
    assert!(matches!(
        m.types.get(arr.ty),
        Type::Array {
            size: ArraySize::Fixed(9),
            ..
        }
    ));
}

#[test]
fn shaders_without_specialization_constants_record_nothing() {
    let (m, _) = check(
        "#version 450
layout(local_size_x = 1) in;
const int M = 2 * 3;
layout(std430, binding = 0) buffer Out { int i; };
void main() { i = M + int(2.5); }
",
    );
    assert!(m.spec_unfolded.is_empty());
}

const OCP_HEAD: &str = "#version 450
#extension GL_EXT_float_e2m1 : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 1) in;
layout(constant_id = 2) const float f = 2.0;
";

/// A specialization constant of a microscaling type (kept opaque by the checker, whose
/// constructors of it are not folded) takes the constant its constructor converts as its
/// default, as one initialized from a literal (`3.0fe2m1`) does: uses stay references to
/// it. Without a constant default (from another specialization constant, or no constant at
/// all) it is an error: the default is what an unspecialized pipeline reads.
#[test]
fn microscaling_spec_constant_defaults() {
    let (m, interner) = check(&format!(
        "{OCP_HEAD}layout(constant_id = 1) const floate2m1_t c = floate2m1_t(1.5);\n\
         layout(constant_id = 3) const floate2m1_t l = 3.0fe2m1;\n\
         float g;\nvoid main() {{ g = float(c); g = float(l); }}\n"
    ));
    let c = m
        .vars
        .iter()
        .find(|v| interner.resolve(v.name) == "c")
        .expect("c");
    assert_eq!(
        c.constant,
        Some(fresnel::sema::constant::ConstValue::F32(1.5))
    );
    let names = |_: u32| "spec".to_string();
    for e in assigned(&m) {
        assert!(show(&m, e, &names).contains("spec"), "{:?}", m.expr(e));
    }
    for init in ["floate2m1_t(f)", "floate2m1_t(g)"] {
        let src = format!(
            "{OCP_HEAD}float g;\nlayout(constant_id = 1) const floate2m1_t c = {init};\nvoid main() {{}}\n"
        );
        let opts = Options {
            stage: Some(Stage::Compute),
            target: TargetEnv::Vulkan { minor: 1 },
            ..Default::default()
        };
        let run = fresnel::check(SourceInput::new("t.comp", &src), &opts, &mut NoIncludes);
        let text = run.render_diagnostics(fresnel::ErrorFormat::Human, false);
        assert!(
            text.contains(
                "the initializer of specialization constant `c` is not a constant expression"
            ),
            "{init}: {text}"
        );
    }
}
