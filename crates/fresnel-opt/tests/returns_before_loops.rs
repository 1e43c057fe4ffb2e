//! `lower_returns` on a function whose early return is followed by a loop: the loop moves
//! into the `else` of the new `if (return_flag)`, and its header's phis must name the block
//! it is now entered from; a return inside nested loops becomes `break`s whose targets'
//! phis need a value from them (the IR validator checks every pass application in tests).
//! `opt_dead_cf` folding the flag's `if` must keep the moved loop's entry phis. The
//! shader runs in the interpreter as lowered and after `-O`, on synthetic inputs for which
//! both the early return and the loop are taken, and the outputs must be equal.

use fresnel::{Options, SourceInput, Stage, TargetEnv};
use fresnel_interp::probe::run_synthetic;
use fresnel_opt::{optimize, OptLevel, TargetFacts};

const FS: &str = r#"#version 450
layout(location = 0) in vec4 v_in;
layout(location = 0) out vec4 o;
layout(binding = 1) uniform U { vec4 k[8]; float t; };
vec4 f(vec4 x, float s) {
    if (s > 0.5) return x * s;
    vec4 y = x + k[1];
    for (int i = 0; i < 3; i++) { y = y * 0.5 + vec4(float(i)); }
    return y;
}
vec4 g(vec4 x, float s) {
    if (s > 0.25) return x - vec4(s);
    for (int i = 0; i < 4; i++) { if (x.x > 8.0) return x; x = x * 2.0; }
    return x + vec4(1.0);
}
vec4 h(vec4 a) {
    vec4 t = a;
    for (int i = 0; i < 2; i++) {
        for (int j = 0; j < 2; j++) {
            switch (int(a.x) & 3) { case 0: a = a * 1.5; break; case 1: t = t * 0.5; default: break; }
            if (t.w < 0.1) return a;
        }
        switch (int(a.x) & 3) { case 0: a = a.wzyx; break; case 1: t = -t; default: break; }
        if (a.z > 1.9) break;
    }
    return t;
}
void main() {
    vec4 acc = f(v_in, t) + f(v_in, 0.0);
    o = acc + g(v_in, t) + g(v_in, 0.0) + h(v_in) + h(-v_in);
}
"#;

#[test]
fn early_returns_before_loops_lower_to_valid_ir_with_the_same_results() {
    let opts = Options {
        stage: Some(Stage::Fragment),
        target: TargetEnv::Vulkan { minor: 0 },
        ..Options::default()
    };
    let run = fresnel::lower_to_ir(
        SourceInput::new("t.frag", FS),
        &opts,
        &mut fresnel::NoIncludes,
    );
    let ir = run.ir.expect("lowers");
    for level in [OptLevel::O, OptLevel::Os] {
        let mut opt = ir.clone();
        let log =
            optimize(&mut opt, level, TargetFacts::default()).expect("valid IR after every pass");
        assert!(log.hit_cap.is_empty(), "fixed point");
        assert!(fresnel_ir::validate(&opt).is_ok());
        let a = run_synthetic(&ir, None).expect("runs as lowered");
        let b = run_synthetic(&opt, None).expect("runs optimized");
        assert_eq!(a.outputs, b.outputs, "{level:?}");
        assert!(!a.outputs.is_empty());
    }
}
