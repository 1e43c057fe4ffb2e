//! Issue 5: the lowering marks values for the SPIR-V decorations `NonUniform`
//! (`nonuniformEXT(x)` and reads of `nonuniformEXT` variables give a marked `mov`; opaque
//! operands have their derefs marked) and `RelaxedPrecision` (results of `mediump`/`lowp`
//! operations, never booleans, never a value a sub-expression of another precision made).
//! Every shader lowers with and without SSA, validates, and round-trips the text form.

use fresnel::ir::{AluOp, Function, InstrKind, Shader, ValueId};
use fresnel::{NoIncludes, Options, SourceInput, TargetEnv};

fn lower(name: &str, src: &str, vulkan: bool) -> Vec<Shader> {
    let options = Options {
        target: if vulkan {
            TargetEnv::Vulkan { minor: 2 }
        } else {
            TargetEnv::default()
        },
        ..Default::default()
    };
    let run = fresnel::check(SourceInput::new(name, src), &options, &mut NoIncludes);
    assert!(
        !run.has_errors(),
        "{}",
        run.render_diagnostics(fresnel::ErrorFormat::Human, false)
    );
    let module = run.hir.as_ref().expect("checked");
    let mut out = Vec::new();
    for no_ssa in [true, false] {
        let opts = fresnel::lower::LowerOptions { vulkan, no_ssa };
        let ir = fresnel::lower::lower(module, &run.interner, &opts)
            .unwrap_or_else(|e| panic!("lowering failed: {e}"));
        let text = ir.to_string();
        if let Err(errs) = fresnel::ir::validate(&ir) {
            panic!("invalid IR: {}\n{text}", errs[0]);
        }
        let parsed = fresnel::ir::parse(&text).unwrap_or_else(|e| panic!("parse: {e}\n{text}"));
        assert_eq!(parsed.to_string(), text, "round trip");
        out.push(ir);
    }
    out
}

fn main_fn(s: &Shader) -> &Function {
    &s.functions[s.entry.expect("entry")]
}

fn marked(f: &Function, pick: impl Fn(fresnel::ir::ValueFlags) -> bool) -> Vec<ValueId> {
    f.value_flags
        .iter()
        .filter(|(v, fl)| pick(**fl) && !f.instrs[f.values[**v].def].removed)
        .map(|(v, _)| *v)
        .collect()
}

const NONUNIFORM: &str = r#"#version 450
#extension GL_EXT_nonuniform_qualifier : enable
layout(location = 0) in flat int i;
layout(location = 1) nonuniformEXT in flat int nu;
layout(location = 0) out vec4 color;
layout(binding = 0) uniform sampler2D tex[];
layout(binding = 1) buffer B { float x; } bufs[];
void main() {
    vec4 c = texture(tex[nonuniformEXT(i + 1)], vec2(0.5));
    c += texture(tex[i], vec2(0.25));
    c.x += bufs[nu].x;
    color = c;
}
"#;

#[test]
fn nonuniform_marks_movs_of_the_marked_values() {
    for s in lower("nu.frag", NONUNIFORM, true) {
        let f = main_fn(&s);
        let nu = marked(f, |fl| fl.non_uniform);
        // `nonuniformEXT(i + 1)` and the read of `nu`: two marked movs.
        assert_eq!(nu.len(), 2, "{s}");
        for v in &nu {
            match &f.instrs[f.values[*v].def].kind {
                InstrKind::Alu(a) => assert_eq!(a.op, AluOp::Mov, "{s}"),
                other => panic!("marked value defined by {other:?}\n{s}"),
            }
        }
        let text = s.to_string();
        assert!(text.contains("[nonuniform] = mov 32x1"), "{text}");
        // The uniform lookup `tex[i]` reads `i` unmarked: only two marks in all.
        assert_eq!(text.matches("[nonuniform]").count(), 2, "{text}");
    }
}

const NONUNIFORM_OPAQUE: &str = r#"#version 450
#extension GL_EXT_nonuniform_qualifier : enable
layout(location = 0) in flat int i;
layout(location = 0) out vec4 color;
layout(set = 0, binding = 0) uniform texture2D t[8];
layout(set = 0, binding = 1) uniform sampler s;
void main() {
    color = texture(nonuniformEXT(sampler2D(t[i], s)), vec2(0.5));
}
"#;

#[test]
fn nonuniform_on_an_opaque_operand_marks_its_derefs() {
    for s in lower("nuo.frag", NONUNIFORM_OPAQUE, true) {
        let f = main_fn(&s);
        let nu = marked(f, |fl| fl.non_uniform);
        assert_eq!(nu.len(), 2, "{s}");
        for v in &nu {
            assert!(
                matches!(f.instrs[f.values[*v].def].kind, InstrKind::Deref(_)),
                "{s}"
            );
        }
    }
}

const PRECISION: &str = r#"#version 310 es
precision highp float;
layout(location = 0) in mediump vec4 m;
layout(location = 1) in highp vec4 h;
layout(location = 0) out mediump vec4 o;
uniform mediump sampler2D smp;
void main() {
    mediump vec4 a = m * m;          // relaxed fmul
    highp vec4 b = h * h;            // not relaxed
    highp vec4 c = h + m;            // highp: not relaxed
    mediump vec4 t = texture(smp, m.xy); // relaxed sample
    bool lt = m.x < 0.5;             // booleans never
    o = lt ? a + t : b + c;          // a + t relaxed, b + c not
}
"#;

#[test]
fn relaxed_marks_mediump_results_only() {
    for (k, s) in lower("p.frag", PRECISION, false).into_iter().enumerate() {
        let f = main_fn(&s);
        let rel = marked(f, |fl| fl.relaxed);
        let ops: Vec<String> = rel
            .iter()
            .map(|v| match &f.instrs[f.values[*v].def].kind {
                InstrKind::Alu(a) => a.op.name().to_string(),
                InstrKind::Tex(t) => t.op.name().to_string(),
                InstrKind::Intrinsic(x) => x.op.name().to_string(),
                other => format!("{other:?}"),
            })
            .collect();
        let count = |name: &str| ops.iter().filter(|o| *o == name).count();
        assert_eq!(count("fmul"), 1, "{ops:?}\n{s}");
        assert_eq!(count("fadd"), 1, "{ops:?}\n{s}");
        assert_eq!(count("tex"), 1, "{ops:?}\n{s}");
        for v in &rel {
            assert_eq!(f.values[*v].bit_size, 32);
        }
        if k == 0 {
            // Without SSA the loads of `m` (mediump) are relaxed too.
            assert!(count("load_deref") >= 1, "{ops:?}\n{s}");
        }
    }
}

const PRECISION_CHAINS: &str = r#"#version 310 es
precision mediump float;
layout(location = 0) in mediump vec4 m;
layout(location = 1) in highp vec4 h;
layout(location = 0) out highp vec4 o;
uniform lowp int low;
uniform highp int high;
mediump vec4 f(mediump vec4 x) { return x * 2.0; }
void main() {
    lowp int s = low;
    s += low;                  // compound assignment, lowp: relaxed iadd
    s += high;                 // highp side: not relaxed
    o = (m + m) + h;           // inner link mediump (relaxed), outer highp (not)
    o += f(m) + vec4(float(s)); // call result relaxed
}
"#;

#[test]
fn relaxed_follows_chains_compound_assignments_and_calls() {
    let s = &lower("c.frag", PRECISION_CHAINS, false)[0];
    let f = main_fn(s);
    let relaxed = |op: &str| {
        f.instrs
            .iter()
            .filter(|(_, i)| !i.removed)
            .filter(|(_, i)| match &i.kind {
                InstrKind::Alu(a) => a.op.name() == op && f.flags(a.dest).relaxed,
                InstrKind::Call { dests, .. } => {
                    op == "call" && dests.first().is_some_and(|d| f.flags(*d).relaxed)
                }
                _ => false,
            })
            .count()
    };
    let all = |op: &str| {
        f.instrs
            .iter()
            .filter(|(_, i)| !i.removed)
            .filter(|(_, i)| matches!(&i.kind, InstrKind::Alu(a) if a.op.name() == op))
            .count()
    };
    assert_eq!(all("iadd"), 2, "{s}");
    assert_eq!(relaxed("iadd"), 1, "{s}");
    // m + m (relaxed), (m + m) + h (not), o += ... (highp: not), f(m) + vec4(s) (mediump).
    assert_eq!(relaxed("fadd"), 2, "{s}");
    assert!(all("fadd") >= 4, "{s}");
    assert_eq!(relaxed("call"), 1, "{s}");
}
