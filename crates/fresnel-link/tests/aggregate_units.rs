//! Functions taking or returning aggregates (arrays, structures, matrices) called in one unit
//! and defined in another (issue 4): the calling unit declares their flattened form
//! (`NAME__flat(TYPES)`, parameters one per scalar/vector leaf), the defining unit exports
//! it, linking binds them; the linked shader validates, round-trips and runs in the
//! interpreter with the results GLSL gives.

mod support;

use fresnel_interp::{Fragment, Interp, Scalar};
use fresnel_ir::{InstrKind, Shader};
use fresnel_link::{link_units, link_units_named};
use support::{lower, print};

/// Calls functions taking an array (`in` and `inout`), a matrix, an `out` structure, and
/// returning a structure, all defined by [`LIB_VS`].
const MAIN_VS: &str = "#version 330
in vec4 a_pos;
out vec4 v_col;
uniform float u_k;
struct S { vec2 p; float w[2]; };
float sum3(float a[3]);
S make(float k);
void scale_all(inout float a[3], in mat2 m, out S s);
void main() {
    float a[3] = float[3](1.0, 2.0, u_k);
    S s;
    scale_all(a, mat2(2.0), s);
    v_col = vec4(sum3(a), s.p.y, s.w[1], make(u_k).w[1]);
    gl_Position = a_pos;
}
";

/// `make` returns early from inside an `if`.
const LIB_VS: &str = "#version 330
struct S { vec2 p; float w[2]; };
float sum3(float a[3]) { return a[0] + a[1] + a[2]; }
S make(float k) {
    S s;
    s.p = vec2(k, k + 1.0);
    s.w = float[2](k * 2.0, k * 3.0);
    if (k > 10.0)
        return S(vec2(0.0), float[2](0.0, 0.0));
    return s;
}
void scale_all(inout float a[3], in mat2 m, out S s) {
    for (int i = 0; i < 3; i++)
        a[i] *= m[0][0];
    s.p = m[1];
    s.w = float[2](a[0], a[2]);
}
";

fn run_vs(sh: &Shader, k: f64) -> Vec<f32> {
    let mut it = Interp::new(sh).expect("interp");
    it.set_uniform_scalars("u_k", &[Scalar::Float(k)])
        .expect("uniform");
    it.run_vertex(1).expect("run");
    it.output("v_col").expect("v_col")[0]
        .iter()
        .map(|b| f32::from_bits(*b as u32))
        .collect()
}

#[test]
fn calling_unit_declares_flattened_functions() {
    let a = lower("main.vert", MAIN_VS);
    let text = print(&a);
    // `sum3(float[3])`: three `in` floats, a float result.
    let sum3 = a
        .functions
        .values()
        .find(|f| f.name.starts_with("sum3__flat"))
        .unwrap_or_else(|| panic!("no flattened sum3:\n{text}"));
    assert!(sum3.is_declaration());
    assert_eq!(sum3.params.len(), 3, "{text}");
    assert!(sum3.ret.is_some());
    // `scale_all`: 3 inout floats, 2 in columns, 3 out leaves of S (p, w[0], w[1]).
    let sa = a
        .functions
        .values()
        .find(|f| f.name.starts_with("scale_all__flat"))
        .expect("scale_all");
    let dirs: Vec<fresnel_ir::ParamDir> = sa.params.iter().map(|p| p.dir).collect();
    use fresnel_ir::ParamDir::{In, InOut, Out};
    assert_eq!(dirs, [InOut, InOut, InOut, In, In, Out, Out, Out], "{text}");
    // `make`: the structure result as 3 `out` leaves, no return variable.
    let mk = a
        .functions
        .values()
        .find(|f| f.name.starts_with("make__flat"))
        .expect("make");
    assert!(mk.ret.is_none());
    assert_eq!(mk.params.len(), 4, "{text}");
    // Calls, not inlined bodies.
    let main = &a.functions[a.entry.expect("main")];
    let calls = main
        .instrs_in_order()
        .into_iter()
        .filter(|i| matches!(main.instrs[*i].kind, InstrKind::Call { .. }))
        .count();
    assert_eq!(calls, 3, "{text}");
    let back = fresnel_ir::parse(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(print(&back), text);
}

#[test]
fn aggregate_calls_link_and_run() {
    for order in [[0, 1], [1, 0]] {
        let units = [lower("main.vert", MAIN_VS), lower("lib.vert", LIB_VS)];
        let linked = link_units(order.iter().map(|&i| units[i].clone()).collect())
            .unwrap_or_else(|e| panic!("{e}"));
        fresnel_ir::validate(&linked).unwrap_or_else(|e| panic!("invalid linked IR: {e:?}"));
        assert!(linked.functions.values().all(|f| !f.is_declaration()));
        let text = print(&linked);
        let back = fresnel_ir::parse(&text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(print(&back), text);
        // u_k = 3: a = (2, 4, 6), s = ((0, 2), (2, 6)), make(3).w[1] = 9.
        assert_eq!(run_vs(&linked, 3.0), [12.0, 2.0, 6.0, 9.0], "{order:?}");
        // u_k = 20: a = (2, 4, 40); make returns early with zeros.
        assert_eq!(run_vs(&linked, 20.0), [46.0, 2.0, 40.0, 0.0], "{order:?}");
    }
}

/// piglit's glsl-function-chain16-in-array-indirect2: a chain of functions taking
/// `float[4]` through four units, the last one indexing the array with a uniform.
#[test]
fn piglit_function_chain_across_four_units() {
    let path = "/work/shared/corpus/piglit/tests/spec/glsl-1.10/execution/function-calls/glsl-function-chain16-in-array-indirect2.shader_test";
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("skipped: no corpus");
        return;
    };
    let mut units = Vec::new();
    for sec in text
        .split("\n[")
        .filter(|s| s.starts_with("fragment shader]"))
    {
        let body = sec.split_once('\n').map_or("", |x| x.1);
        // The section ends at the next `[...]` header (split removed its `[`).
        units.push((format!("unit{}.frag", units.len()), lower("u.frag", body)));
    }
    assert_eq!(units.len(), 4);
    let linked = link_units_named(units).unwrap_or_else(|e| panic!("{e}"));
    fresnel_ir::validate(&linked).unwrap_or_else(|e| panic!("invalid linked IR: {e:?}"));
    let text = print(&linked);
    let back = fresnel_ir::parse(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(print(&back), text);
    // f16(f) = f + 0.1 and g = (0, 1, 0, 0.1): with i = 3 the color is (0.2, 0, 0, 1), the
    // test's probe; with i = 1, (1.1, 0, 0, 1).
    for (i, want) in [(3, [0.2f32, 0.0, 0.0, 1.0]), (1, [1.1, 0.0, 0.0, 1.0])] {
        let mut it = Interp::new(&linked).expect("interp");
        it.set_uniform_scalars("i", &[Scalar::Int(i)])
            .expect("uniform i");
        it.run_fragment(&[Fragment { x: 0, y: 0 }]).expect("run");
        let c: Vec<f32> = it.output("gl_FragColor").expect("gl_FragColor")[0]
            .iter()
            .map(|b| f32::from_bits(*b as u32))
            .collect();
        for (x, w) in c.iter().zip(want) {
            assert!((x - w).abs() < 1e-6, "i = {i}: {c:?}");
        }
    }
}
