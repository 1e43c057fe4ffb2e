//! Specialization constants through the real front end and the interpreter: code reads the
//! constants (`load_spec_constant`), so `Interp::set_spec_constant` changes the results;
//! array sizes keep the default; `gl_WorkGroupSize` with `local_size_x_id` follows the
//! specialized size (helper E, issue 5).

use fresnel::ir::{InstrKind, Intrinsic, Shader};
use fresnel::{NoIncludes, Options, SourceInput, TargetEnv};
use fresnel_interp::Interp;

fn lower(src: &str) -> Shader {
    let opts = Options {
        target: TargetEnv::Vulkan { minor: 1 },
        ..Options::default()
    };
    let run = fresnel::lower_to_ir(SourceInput::new("t.comp", src), &opts, &mut NoIncludes);
    assert!(
        !run.has_errors(),
        "{}",
        run.render_diagnostics(fresnel::ErrorFormat::Human, false)
    );
    run.ir.expect("lowered")
}

fn words(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// Runs `groups` workgroups with the spec constants `spec` (id, bits) and returns `Out`.
fn run(sh: &Shader, n: usize, spec: &[(u32, u64)], groups: [u32; 3]) -> Vec<u32> {
    let mut it = Interp::new(sh).expect("interpreter");
    it.set_buffer("Out", vec![0u8; n * 4]).expect("Out");
    for (id, v) in spec {
        it.set_spec_constant(*id, *v).expect("declared");
    }
    it.run_compute(groups).expect("runs");
    words(it.buffer("Out").expect("written"))
}

const SHADER: &str = "#version 450
layout(local_size_x = 1) in;
layout(constant_id = 0) const int N = 4;
layout(constant_id = 1) const float S = 1.5;
layout(constant_id = 2) const bool B = true;
layout(constant_id = 7) const uint UNUSED = 3u;
const int M = N * 2 + 1;
const ivec2 V = ivec2(N, M);
layout(std430, binding = 0) buffer Out { int i[6]; float f; };
void main() {
    int arr[M];
    i[0] = M;
    i[1] = arr.length();
    f = S * 2.0;
    i[2] = B ? N : -N;
    i[3] = V.y - V.x;
    int k = N;
    i[4] = k + (N > 5 ? 100 : 0);
    i[5] = int(S);
}
";

#[test]
fn code_reads_specialization_constants() {
    let sh = lower(SHADER);
    let loads = sh
        .functions
        .iter()
        .flat_map(|(_, f)| f.instrs.iter().map(|(_, i)| &i.kind))
        .filter(|k| matches!(k, InstrKind::Intrinsic(x) if x.op == Intrinsic::LoadSpecConstant))
        .count();
    assert!(loads >= 6, "only {loads} load_spec_constant");
    let ids: Vec<u32> = sh.info.spec_constants.iter().map(|c| c.id).collect();
    assert_eq!(ids, vec![0, 1, 2, 7]);
    assert!(fresnel::ir::validate(&sh).is_ok(), "validates");
}

#[test]
fn defaults_give_the_folded_values() {
    let sh = lower(SHADER);
    let w = run(&sh, 7, &[], [1, 1, 1]);
    assert_eq!(&w[..6], &[9, 9, 4, 5, 4, 1]);
    assert_eq!(f32::from_bits(w[6]), 3.0);
}

#[test]
fn specialized_values_change_the_results() {
    let sh = lower(SHADER);
    let w = run(
        &sh,
        7,
        &[(0, 6), (1, u64::from(2.5f32.to_bits())), (2, 0)],
        [1, 1, 1],
    );
    // M = 13; `arr.length()` follows the specialization too (the SPIR-V array's length is
    // the spec-constant chain); B false: -N; N > 5 adds 100.
    assert_eq!(
        &w[..6],
        &[13, 13, (-6i32) as u32, 7, 106, 2],
        "specialized results"
    );
    assert_eq!(f32::from_bits(w[6]), 5.0);
}

#[test]
fn unknown_ids_are_errors() {
    let sh = lower(SHADER);
    let mut it = Interp::new(&sh).expect("interpreter");
    assert!(it.set_spec_constant(5, 1).is_err());
    assert!(it.set_spec_constant(7, 9).is_ok());
    assert_eq!(it.spec_constant(7), Some(9));
    assert_eq!(it.spec_constant(0), Some(4));
    // A bool keeps one bit of meaning.
    it.set_spec_constant(2, 0x100).expect("bool");
    assert_eq!(it.spec_constant(2), Some(1));
}

const WG: &str = "#version 450
layout(local_size_x_id = 3, local_size_y = 2) in;
layout(std430, binding = 0) buffer Out { uint w[3]; uint count; };
void main() {
    w[0] = gl_WorkGroupSize.x;
    w[1] = gl_WorkGroupSize.y;
    w[2] = gl_WorkGroupSize.z;
    atomicAdd(count, 1u);
}
";

#[test]
fn workgroup_size_follows_local_size_id() {
    let sh = lower(WG);
    assert_eq!(sh.info.local_size_id[0], Some(3));
    let w = run(&sh, 4, &[], [1, 1, 1]);
    assert_eq!(w, vec![1, 2, 1, 2]);
    let w = run(&sh, 4, &[(3, 8)], [1, 1, 1]);
    assert_eq!(w, vec![8, 2, 1, 16], "8x2x1 invocations");
    let mut it = Interp::new(&sh).expect("interpreter");
    assert!(it.set_spec_constant(3, 0).is_err(), "a zero size");
}
