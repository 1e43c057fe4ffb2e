//! `spirv_type(...)` (GL_EXT_spirv_intrinsics): declared as the `OpType*` its `id` names,
//! with its operands (integer literals, type ids), capabilities and extensions; two
//! spellings of one type are one type. Read back word by word; `spirv-val` passes.

use crate::support;

use crate::support::instructions;

use fresnel::{Options, SourceInput, Stage, TargetEnv};
use fresnel_backend::spirv::{self, SpirvOptions};

fn compile(stage: Stage, src: &str) -> Result<Vec<u32>, String> {
    let opts = Options {
        stage: Some(stage),
        target: TargetEnv::Vulkan { minor: 1 },
        ..Options::default()
    };
    let run = fresnel::lower_to_ir(
        SourceInput::new("t.glsl", src),
        &opts,
        &mut fresnel::NoIncludes,
    );
    if run.has_errors() {
        return Err(run.render_diagnostics(fresnel::ErrorFormat::Human, false));
    }
    let ir = run.ir.expect("lowered");
    let sopts = SpirvOptions {
        target: spirv::TargetEnv::Vulkan { minor: 1 },
        ..SpirvOptions::default()
    };
    spirv::emit(&ir, &sopts).map_err(|e| e.to_string())
}

fn validate(words: &[u32]) {
    if support::have_spirv_val() {
        if let Err(e) = support::validate(words, spirv::TargetEnv::Vulkan { minor: 1 }) {
            panic!("spirv-val: {e}");
        }
    }
}

const OP_TYPE_FLOAT: u16 = 22;
const OP_TYPE_STRUCT: u16 = 30;
const OP_TYPE_ARRAY: u16 = 28;
const OP_CAPABILITY: u16 = 17;

#[test]
fn empty_struct_in_a_spec_sized_local_array() {
    // glslang/Test/spv.intrinsicsSpirvTypeLocalVar.vert
    let src = r#"#version 460 core
#extension GL_EXT_spirv_intrinsics: enable
layout(constant_id = 9) const int size = 9;
#define EmptyStruct spirv_type(id = 30)
void func(EmptyStruct emptyStruct) {}
void main() {
    EmptyStruct dummy[size];
    func(dummy[1]);
}
"#;
    let words = compile(Stage::Vertex, src).expect("compiles");
    validate(&words);
    let ins = instructions(&words);
    let structs: Vec<u32> = ins
        .iter()
        .filter(|(op, o)| *op == OP_TYPE_STRUCT && o.len() == 1)
        .map(|(_, o)| o[0])
        .collect();
    assert_eq!(structs.len(), 1, "one empty struct type");
    let arr = ins
        .iter()
        .find(|(op, o)| *op == OP_TYPE_ARRAY && o[1] == structs[0])
        .expect("an array of the struct");
    // Its length is the specialization constant `size` (SpecId 9).
    assert!(ins.iter().any(|(op, o)| *op == 71
        && o.len() == 3
        && o[0] == arr.1[2]
        && o[1] == 1
        && o[2] == 9));
}

#[test]
fn operands_capabilities_and_identity() {
    let src = r#"#version 460 core
#extension GL_EXT_spirv_intrinsics: enable
#define half spirv_type(capabilities=[9], id = 22, 16)
#define half2 spirv_type(capabilities = [9], id = 0x16, 8 * 2)
void f(half a, half2 b) {}
void main() {
    half x[2];
    half2 y;
    f(x[0], y);
}
"#;
    let words = compile(Stage::Vertex, src).expect("compiles");
    validate(&words);
    let ins = instructions(&words);
    let halves = ins
        .iter()
        .filter(|(op, o)| *op == OP_TYPE_FLOAT && o.get(1) == Some(&16))
        .count();
    assert_eq!(halves, 1, "both spellings are one `OpTypeFloat 16`");
    assert!(ins.iter().any(|(op, o)| *op == OP_CAPABILITY && o == &[9]));
}

#[test]
fn bad_arguments_are_diagnosed() {
    let src = r#"#version 460 core
#extension GL_EXT_spirv_intrinsics: enable
void main() {
    spirv_type(capabilities = [9]) x;
}
"#;
    let e = compile(Stage::Vertex, src).expect_err("rejected");
    assert!(e.contains("needs `id = <opcode>`"), "{e}");
    let src = r#"#version 460 core
#extension GL_EXT_spirv_intrinsics: enable
#define T spirv_type(extensions = ["SPV_made_up"], id = 30)
void f(T t) {}
void main() {
    T x[2];
    f(x[1]);
}
"#;
    let e = compile(Stage::Vertex, src).expect_err("rejected");
    assert!(e.contains("SPV_made_up"), "{e}");
}
