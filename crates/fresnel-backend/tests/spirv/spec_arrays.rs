//! Arrays sized by specialization constants (issue 5, helper B): the array type's length
//! is the `OpSpecConstant` of the constant, or an `OpSpecConstantOp` chain for a size
//! computed from specialization constants (`N * 2`, `gl_WorkGroupSize.x`, `uint(N)`,
//! `N > 4 ? N : 4`), as glslang emits them; the module passes `spirv-val`. Read back word
//! by word. (Execution under specialization: `fresnel-vk/tests/spec_arrays.rs`.)

use crate::support;

use crate::support::instructions;

use fresnel::Stage;

/// GLSL compiled for Vulkan 1.1 and checked by spirv-val (`support::compile_vulkan`).
fn compile(stage: Stage, src: &str, optimize: bool) -> Vec<u32> {
    support::compile_vulkan(stage, src, optimize, 1)
}

const OP_DECORATE: u16 = 71;
const OP_CONSTANT: u16 = 43;
const OP_SPEC_CONSTANT: u16 = 50;
const OP_SPEC_CONSTANT_OP: u16 = 52;
const OP_TYPE_ARRAY: u16 = 28;
const DEC_SPEC_ID: u32 = 1;

/// How an array length is defined, in a small tree form: `spec(ID)`, a literal, or
/// `Opcode(args)` for an `OpSpecConstantOp` (opcode number, literal indices kept).
fn describe(ins: &[(u16, Vec<u32>)], id: u32, depth: usize) -> String {
    assert!(depth < 16, "length chain too deep");
    if let Some(d) = ins.iter().find_map(|(op, o)| {
        (*op == OP_DECORATE && o.len() == 3 && o[0] == id && o[1] == DEC_SPEC_ID).then(|| o[2])
    }) {
        return format!("spec({d})");
    }
    let Some((op, o)) = ins.iter().find(|(op, o)| {
        [OP_CONSTANT, OP_SPEC_CONSTANT, OP_SPEC_CONSTANT_OP].contains(op)
            && o.len() >= 2
            && o[1] == id
    }) else {
        panic!("%{id} is not defined");
    };
    match *op {
        OP_CONSTANT => format!("{}", o[2]),
        OP_SPEC_CONSTANT_OP => {
            let inner = o[2];
            let args: Vec<String> = if inner == 81 {
                // CompositeExtract: the composite (gl_WorkGroupSize) and a literal index.
                vec!["wgsize".into(), format!("{}", o[4])]
            } else {
                o[3..]
                    .iter()
                    .map(|a| describe(ins, *a, depth + 1))
                    .collect()
            };
            format!("op{inner}({})", args.join(","))
        }
        other => format!("opcode{other}"),
    }
}

/// The lengths of every `OpTypeArray`, described.
fn array_lengths(words: &[u32]) -> Vec<String> {
    let ins = instructions(words);
    let mut v: Vec<String> = ins
        .iter()
        .filter(|(op, _)| *op == OP_TYPE_ARRAY)
        .map(|(_, o)| describe(&ins, o[2], 0))
        .collect();
    v.sort();
    v
}

#[test]
fn spec_constant_and_workgroup_size_lengths() {
    let src = r#"#version 450
layout(local_size_x_id = 0, local_size_y = 2) in;
layout(constant_id = 1) const int N = 4;
const int M = N * 2 + 1;
shared float tile[gl_WorkGroupSize.x];
float priv[M];
layout(std430, binding = 0) buffer B { float o[]; };
void main() {
    float loc[N];
    for (int i = 0; i < loc.length(); i++) loc[i] = float(i);
    tile[gl_LocalInvocationID.x] = 1.0;
    priv[gl_LocalInvocationID.x % uint(M)] = 2.0;
    barrier();
    o[gl_GlobalInvocationID.x] = tile[(gl_LocalInvocationID.x + 1u) % uint(tile.length())]
        + priv[gl_LocalInvocationID.y] + float(priv.length()) + loc[N - 1];
}
"#;
    let words = compile(Stage::Compute, src, false);
    // IMul = 132, IAdd = 128, CompositeExtract = 81.
    assert_eq!(
        array_lengths(&words),
        vec![
            "op128(op132(spec(1),2),1)".to_string(),
            "op81(wgsize,0)".to_string(),
            "spec(1)".to_string(),
        ]
    );
    // The optimizer keeps the types of what it keeps.
    let words = compile(Stage::Compute, src, true);
    let lens = array_lengths(&words);
    assert!(lens.contains(&"op81(wgsize,0)".to_string()), "{lens:?}");
    assert!(lens.contains(&"spec(1)".to_string()), "{lens:?}");
}

#[test]
fn conversions_selections_and_arrays_of_arrays() {
    let src = r#"#version 450
layout(constant_id = 3) const int N = 4;
layout(constant_id = 4) const uint U = 3u;
layout(constant_id = 5) const bool B = true;
layout(location = 0) out vec4 color;
float a[N > 4 ? N : 4];
float b[uint(N) + U];
float c[int(U << 1u)];
vec2 d[2][N];
float e[B ? 2 : 3];
void main() {
    int i = int(gl_FragCoord.x);
    a[i] = 1.0; b[i] = 2.0; c[i] = 3.0; d[i][i] = vec2(4.0); e[i] = 5.0;
    color = vec4(a[i + 1] + b[i + 1], c[i + 1], d[1][i].x, e[i + 1] + float(d[0].length()));
}
"#;
    let words = compile(Stage::Fragment, src, false);
    let lens = array_lengths(&words);
    // Select = 169, SGreaterThan = 173, IAdd = 128 (uint(N): adding a uint zero),
    // ShiftLeftLogical = 196.
    for want in [
        "op169(op173(spec(3),4),spec(3),4)",
        "op128(op128(spec(3),0),spec(4))",
        "op128(op196(spec(4),1),0)",
        "op169(spec(5),2,3)",
        "spec(3)",
        "2",
    ] {
        assert!(lens.iter().any(|l| l == want), "{want} not in {lens:?}");
    }
}

#[test]
fn task_shaders_have_a_specializable_workgroup_size_too() {
    let src = r#"#version 460
#extension GL_EXT_mesh_shader : require
layout(local_size_x_id = 0) in;
shared uint s[gl_WorkGroupSize.x];
void main() {
    s[gl_LocalInvocationIndex] = 1u;
    barrier();
    EmitMeshTasksEXT(s[0], 1, 1);
}
"#;
    let words = support::compile_vulkan(Stage::Task, src, false, 2);
    assert_eq!(array_lengths(&words), vec!["op81(wgsize,0)".to_string()]);
}
