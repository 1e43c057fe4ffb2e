//! `opt_loop_unroll` proven by execution: loops of many shapes (every integer comparison in
//! both operand orders, steps up and down, shifts, float counters, `do`/`while`, zero
//! trips, `continue`, nested loops, values live after the loop, loops over budget or with a
//! non-constant bound) are compiled at `-O` (with the size model, with every loop in budget
//! unrolled, and without the pass), at `-Os`, and as lowered, run in
//! the interpreter on the same synthetic inputs, and must give the same outputs; the test
//! also checks which loops the pass removed.

use fresnel::{Options, SourceInput, TargetEnv};
use fresnel_interp::probe::{run_synthetic, Probe};
use fresnel_ir::{CfNode, Shader};
use fresnel_opt::opt_loop_unroll::LoopUnroll;
use fresnel_opt::{OptLevel, PassManager, Pipeline, RunOptions, Step, TargetFacts};

/// (name, loops left at -O with every loop in budget unrolled, body of `main` computing
/// `vec4 s` from `v`, `u`).
const CASES: &[(&str, usize, &str)] = &[
    ("ilt", 0, "for (int i = 0; i < 4; i++) s += v * float(i);"),
    ("ile_rev", 0, "for (int i = 0; 3 >= i; ++i) s.x += float(i * i);"),
    ("igt_down", 0, "for (int i = 5; i > 1; i -= 2) s += v.yzwx * float(i);"),
    ("ine_step3", 0, "for (int i = 0; i != 9; i += 3) s.y += float(i) + v.x;"),
    ("ieq_once", 0, "for (int i = 0; i == 0; i++) s.z += v.w;"),
    ("uint_shift", 0, "for (uint k = 1u; k < 64u; k <<= 1) s.x += float(k) * v.y;"),
    ("uge_rev", 0, "for (uint k = 8u; k >= 1u; k--) s.w -= float(k);"),
    ("float_counter", 0, "for (float x = 0.0; x < 2.0; x += 0.5) s += v * x;"),
    ("zero_trips", 0, "for (int i = 7; i < 3; i++) s += v;"),
    ("while_loop", 0, "int i = 0; while (i < 3) { s.x += v[i]; i++; }"),
    ("do_while", 0, "int i = 0; do { s.y += v.x * float(i); i++; } while (i < 5);"),
    ("continue", 0, "for (int i = 0; i < 4; i++) { if (v[i] > 0.6) continue; s += v; }"),
    ("continue_else", 0, "for (int i = 0; i < 4; i++) { if (v[i] < 0.6) { s.x += 1.0; } else { s.y += v[i]; continue; } s.z += 2.0; }"),
    ("live_out", 0, "int i; float a = v.x; for (i = 1; i < 50; i *= 3) a = a * 0.5 + v.y; s = vec4(a, float(i), a, 1.0);"),
    ("nested", 0, "for (int i = 0; i < 3; i++) for (int j = i; j < 3; j++) s.x += v[j] * float(i + 1);"),
    ("nested_if", 0, "for (int i = 0; i < 3; i++) { if (v[i] > 0.7) s.x += 1.0; else if (v[i] > 0.6) s.y += 2.0; else s.z -= v[i]; }"),
    ("array_index", 0, "float a[4] = float[4](1.0, 2.0, 3.0, 4.0); for (int i = 0; i < 4; i++) s[i] = a[3 - i] * v[i];"),
    ("non_constant_bound", 1, "for (int i = 0; i < u; i++) s += v;"),
    ("over_budget", 1, "for (int i = 0; i < 200; i++) s += v * float(i);"),
    ("second_break", 1, "for (int i = 0; i < 4; i++) { if (s.x > v.z) break; s += v; }"),
    ("overflow_wraps", 0, "for (int i = 2147483646; i > 0; i++) s.x += 1.0;"),
];

fn shader(body: &str) -> Shader {
    let text = format!(
        "#version 450\nlayout(location=0) in vec4 v;\nlayout(location=0) out vec4 o;\n\
         layout(binding=0) uniform U {{ int u; }};\n\
         void main() {{\n  vec4 s = vec4(0.0);\n  {body}\n  o = s;\n}}\n"
    );
    let opts = Options {
        stage: fresnel::Stage::from_extension("frag"),
        target: TargetEnv::Vulkan { minor: 0 },
        ..Options::default()
    };
    let run = fresnel::lower_to_ir(
        SourceInput::new("loop.frag", &text),
        &opts,
        &mut fresnel::NoIncludes,
    );
    let errors: Vec<String> = run
        .diagnostics
        .iter()
        .filter(|d| d.severity == fresnel::Severity::Error)
        .map(|d| format!("{d:?}"))
        .collect();
    assert!(errors.is_empty(), "{text}\n{errors:?}");
    run.ir.expect("IR")
}

fn optimized(ir: &Shader, level: OptLevel, disabled: &[&str]) -> Shader {
    run_pipeline(
        ir,
        Pipeline::for_level(level, TargetFacts::default()),
        disabled,
    )
}

/// `-O` with `opt_loop_unroll_budget` in place of `opt_loop_unroll`: every loop within the
/// budget is unrolled, whatever the size model says (the unrolling itself under test).
fn optimized_budget(ir: &Shader) -> Shader {
    optimized_budget_without(ir, &[])
}

/// [`optimized_budget`] with passes disabled.
fn optimized_budget_without(ir: &Shader, disabled: &[&str]) -> Shader {
    let mut pipeline = Pipeline::for_level(OptLevel::O, TargetFacts::default());
    for step in &mut pipeline.steps {
        if let Step::Loop { passes, .. } = step {
            for p in passes.iter_mut() {
                if p.name() == "opt_loop_unroll" {
                    *p = Box::new(LoopUnroll::budget_only());
                }
            }
        }
    }
    run_pipeline(ir, pipeline, disabled)
}

fn run_pipeline(ir: &Shader, pipeline: Pipeline, disabled: &[&str]) -> Shader {
    let mut s = ir.clone();
    let options = RunOptions {
        validate: true,
        disabled: disabled.iter().map(|d| d.to_string()).collect(),
        ..RunOptions::default()
    };
    let log = PassManager::new(pipeline, options)
        .run(&mut s)
        .unwrap_or_else(|e| panic!("{e}\n{}", e.ir));
    assert!(log.hit_cap.is_empty(), "no fixed point: {:?}", log.hit_cap);
    s
}

fn loops(s: &Shader) -> usize {
    s.functions
        .values()
        .map(|f| {
            let mut n = 0;
            f.walk(&mut |c| n += usize::from(matches!(c, CfNode::Loop(_))));
            n
        })
        .sum()
}

fn same_slot(a: u64, b: u64) -> bool {
    a == b || (a | b) & !0x8000_0000 == 0
}

fn same(a: &Probe, b: &Probe) -> bool {
    a.discarded == b.discarded
        && a.outputs.len() == b.outputs.len()
        && a.outputs
            .iter()
            .zip(&b.outputs)
            .all(|((na, va), (nb, vb))| {
                na == nb
                    && va.len() == vb.len()
                    && va.iter().zip(vb).all(|(x, y)| {
                        x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same_slot(*p, *q))
                    })
            })
}

#[test]
fn unrolled_loops_compute_the_same_values() {
    let mut failures = Vec::new();
    for &(name, left, body) in CASES {
        let ir = shader(body);
        let plain = optimized(&ir, OptLevel::O, &["opt_loop_unroll"]);
        let model = optimized(&ir, OptLevel::O, &[]);
        let unrolled = optimized_budget(&ir);
        let small = optimized(&ir, OptLevel::Os, &[]);
        let limit = Some(5_000_000);
        let reference = run_synthetic(&ir, limit).expect("the lowered shader runs");
        for (what, s) in [
            ("-O without unrolling", &plain),
            ("-O", &model),
            ("-O unrolling every loop in budget", &unrolled),
            ("-Os", &small),
        ] {
            match run_synthetic(s, limit) {
                Ok(p) if same(&reference, &p) => {}
                other => failures.push(format!(
                    "{name} ({what}): {other:?}, lowered: {reference:?}\n{s}"
                )),
            }
        }
        if loops(&plain) == 0 {
            failures.push(format!(
                "{name}: no loop left to unroll at -O without the pass"
            ));
        }
        if loops(&unrolled) != left {
            failures.push(format!(
                "{name}: {} loops left at -O unrolling in budget, expected {left}\n{unrolled}",
                loops(&unrolled)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn size_level_unrolls_only_what_shrinks() {
    // A loop of one iteration, or none, is no larger unrolled; four iterations are.
    for (body, left) in [
        ("for (int i = 0; i < 1; i++) s += v;", 0),
        ("for (int i = 3; i < 1; i++) s += v;", 0),
        ("for (int i = 0; i < 4; i++) s += v * float(i);", 1),
    ] {
        let s = optimized(&shader(body), OptLevel::Os, &[]);
        assert_eq!(loops(&s), left, "{body}\n{s}");
    }
}

#[test]
fn loops_indexing_local_arrays_get_the_larger_budget() {
    // The same 24-iteration loop body (about 14 instructions per iteration that do not
    // fold: over the plain budget); writing a local array at the counter gives it the
    // larger budget (unrolling every loop in budget: at `-O` the size model keeps this
    // loop, the array being read at a dynamic index after it anyway).
    let body =
        "s = s * v + v.yzwx * float(i); s = abs(s) * 0.5 + s.wzyx; s = fract(s) * s.yxwz - v;";
    let plain = format!("for (int i = 0; i < 24; i++) {{ {body} }}");
    let array = format!(
        "float a[24]; for (int i = 0; i < 24; i++) {{ {body} a[i] = s.x; }} s.x += a[int(v.x)];"
    );
    for (text, left) in [(plain, 1), (array, 0)] {
        let ir = shader(&text);
        // Without fusing multiply-adds: results are compared bit for bit, and `fract`
        // turns fusion's different rounding into large differences.
        let s = optimized_budget_without(&ir, &["opt_fuse_ffma"]);
        assert_eq!(loops(&s), left, "{text}\n{s}");
        let limit = Some(5_000_000);
        let (a, b) = (run_synthetic(&ir, limit), run_synthetic(&s, limit));
        assert!(
            matches!((&a, &b), (Ok(x), Ok(y)) if same(x, y)),
            "{a:?}\n{b:?}"
        );
    }
}

/// `lower_array_deref_of_vec` (not in the pipelines) proven the same way: vectors indexed by
/// values computed from the inputs, read and written, before and after the pass (then SSA),
/// must give the same outputs (indices kept in range: out of range is undefined), and no
/// vector variable may stay in memory.
#[test]
fn dynamic_vector_indexing_lowered_to_selects_computes_the_same_values() {
    let bodies = [
        "vec4 t = v; int i = int(v.x * 3.0) & 3; t[i] = 7.0; t[(i + 1) & 3] += t[i]; s = t;",
        "vec3 t = v.xyz; int i = clamp(int(v.y * 2.9), 0, 2); s = vec4(t[i], t[2 - i], float(i), 1.0);",
        "ivec2 t = ivec2(v.xy * 10.0); int i = clamp(int(v.z * 1.9), 0, 1); t[i] *= 3; s = vec4(t, t[1 - i], 0);",
    ];
    for body in bodies {
        let ir = shader(body);
        let mut lowered = ir.clone();
        for name in ["lower_array_deref_of_vec", "lower_vars_to_ssa"] {
            let pass = fresnel_opt::pass_by_name(name).expect("registered");
            pass.run(&mut lowered);
            fresnel_ir::validate::validate(&lowered).unwrap_or_else(|e| panic!("{e:?}\n{lowered}"));
        }
        let left = lowered
            .functions
            .values()
            .map(|f| f.locals.len())
            .sum::<usize>();
        assert_eq!(left, 0, "{body}\n{lowered}");
        let limit = Some(1_000_000);
        let want = run_synthetic(&ir, limit).expect("runs");
        let got = run_synthetic(&lowered, limit).expect("runs");
        assert!(same(&want, &got), "{body}: {got:?} vs {want:?}");
    }
}
