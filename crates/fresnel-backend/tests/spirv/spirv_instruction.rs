//! GL_EXT_spirv_intrinsics `spirv_instruction(...)` prototypes (issue 5): a call is the
//! `spirv_instruction` intrinsic, written as `OpExtInst` of the named set or as the raw
//! instruction, as glslang writes it; each module passes `spirv-val`. Also: the vendor
//! operations (issue 4) are rejected with the operation and the extension named.

use crate::support;

use crate::support::{have_spirv_val, instructions, validate};

use fresnel::{Options, SourceInput, Stage, TargetEnv};
use fresnel_backend::spirv::{self, SpirvOptions};

fn lower(src: &str, stage: Stage) -> fresnel_ir::Shader {
    let opts = Options {
        stage: Some(stage),
        target: TargetEnv::Vulkan { minor: 0 },
        ..Options::default()
    };
    let run = fresnel::lower_to_ir(SourceInput::new("t", src), &opts, &mut fresnel::NoIncludes);
    let msgs: Vec<String> = run
        .diagnostics
        .as_slice()
        .iter()
        .map(|d| d.message.clone())
        .collect();
    run.ir
        .unwrap_or_else(|| panic!("front end failed: {msgs:?}"))
}

fn emit(src: &str, stage: Stage) -> Result<Vec<u32>, String> {
    let ir = lower(src, stage);
    let opts = SpirvOptions {
        target: spirv::TargetEnv::Vulkan { minor: 0 },
        ..SpirvOptions::default()
    };
    spirv::emit(&ir, &opts).map_err(|e| e.to_string())
}

fn check_val(words: &[u32]) {
    if !have_spirv_val() {
        eprintln!("spirv-val not installed: only compiled");
        return;
    }
    if let Err(e) = validate(words, spirv::TargetEnv::Vulkan { minor: 0 }) {
        panic!(
            "fails spirv-val:\n{e}\n{}",
            spirv::disassemble(words).unwrap_or_default()
        );
    }
}

/// The string of an `OpExtInstImport` (its words after the result id).
fn import_name(ops: &[u32]) -> String {
    let bytes: Vec<u8> = ops[1..].iter().flat_map(|w| w.to_le_bytes()).collect();
    String::from_utf8_lossy(&bytes)
        .trim_end_matches('\0')
        .to_string()
}

/// glslang's spv.intrinsicsSpirvInstruction.vert: two raw `OpReadClockKHR` (5056) and an
/// `OpExtInst` of SPV_AMD_shader_trinary_minmax's `FMin3AMD` (1).
const CLOCK_MIN3: &str = r#"#version 450 core
#extension GL_EXT_spirv_intrinsics: enable
#extension GL_ARB_gpu_shader_int64: enable
spirv_instruction (extensions = ["SPV_KHR_shader_clock"], capabilities = [5055], id = 5056)
uvec2 clockRealtime2x32EXT(int);
spirv_instruction (extensions = ["SPV_KHR_shader_clock"], capabilities = [5055], id = 5056)
uint64_t clockRealtimeEXT(int);
spirv_instruction (extensions = ["SPV_AMD_shader_trinary_minmax"], set = "SPV_AMD_shader_trinary_minmax", id = 1)
vec2 min3(vec2 x, vec2 y, vec2 z);
layout(location = 0) in vec3 vec3In;
layout(location = 0) out uvec2 uvec2Out;
layout(location = 1) out uint64_t u64Out;
layout(location = 2) out vec2 vec2Out;
void main()
{
    uvec2Out = clockRealtime2x32EXT(1);
    u64Out = clockRealtimeEXT(1);
    vec2Out = min3(vec3In.xy, vec3In.yz, vec3In.zx);
}
"#;

#[test]
fn raw_instructions_and_ext_inst_of_a_named_set() {
    let words = emit(CLOCK_MIN3, Stage::Vertex).unwrap_or_else(|e| panic!("{e}"));
    let ins = instructions(&words);
    // Capability ShaderClockKHR (5055), the two extensions, the AMD set imported.
    assert!(ins.iter().any(|(op, o)| *op == 17 && o == &[5055]));
    let imports: Vec<String> = ins
        .iter()
        .filter(|(op, _)| *op == 11)
        .map(|(_, o)| import_name(o))
        .collect();
    assert!(
        imports.contains(&"SPV_AMD_shader_trinary_minmax".to_string()),
        "{imports:?}"
    );
    // Two OpReadClockKHR with the scope operand, one OpExtInst FMin3AMD of three operands.
    let clocks = ins.iter().filter(|(op, _)| *op == 5056).count();
    assert_eq!(clocks, 2);
    let ext: Vec<&Vec<u32>> = ins
        .iter()
        .filter(|(op, _)| *op == 12)
        .map(|(_, o)| o)
        .collect();
    assert!(ext.iter().any(|o| o.len() == 7 && o[3] == 1), "{ext:?}");
    check_val(&words);
}

#[test]
fn by_reference_and_literal_operands() {
    // GLSL.std.450 Modf (35) writing through a pointer to a vector component.
    let modf = r#"#version 450 core
#extension GL_EXT_spirv_intrinsics: enable
spirv_instruction (set = "GLSL.std.450", id = 35)
float modf(float x, spirv_by_reference float i);
layout(location = 0) in float floatIn;
layout(location = 0) out vec2 vec2Out;
void main() { vec2Out.x = modf(floatIn, vec2Out.y); }
"#;
    let words = emit(modf, Stage::Vertex).unwrap_or_else(|e| panic!("{e}"));
    let ins = instructions(&words);
    let glsl_set = ins
        .iter()
        .find(|(op, o)| *op == 11 && import_name(o) == "GLSL.std.450")
        .map(|(_, o)| o[0])
        .expect("GLSL.std.450");
    let modf_inst = ins
        .iter()
        .find(|(op, o)| *op == 12 && o[2] == glsl_set && o[3] == 35)
        .expect("OpExtInst Modf");
    // The pointer operand is an access chain (OpAccessChain = 65).
    let ptr = modf_inst.1[5];
    assert!(
        ins.iter().any(|(op, o)| *op == 65 && o[1] == ptr),
        "{modf_inst:?}"
    );
    check_val(&words);
    // OpLoad (61) / OpStore (62) written raw, with a memory-operand literal.
    let load_store = r#"#version 450 core
#extension GL_EXT_spirv_intrinsics: enable
spirv_instruction(id = 61)
vec4 load(spirv_by_reference vec4 pointer, spirv_literal int memoryOperands);
spirv_instruction(id = 62)
void store(spirv_by_reference vec4 pointer, vec4 object, spirv_literal int memoryOperands);
layout(location = 0) in vec4 vec4In;
layout(location = 1) out vec4 vec4Out;
void main() { store(vec4Out, load(vec4In, 0x0), 0x0); }
"#;
    let words = emit(load_store, Stage::Vertex).unwrap_or_else(|e| panic!("{e}"));
    let ins = instructions(&words);
    let load = ins
        .iter()
        .find(|(op, o)| *op == 61 && o.len() == 4)
        .expect("an OpLoad with the memory operand");
    assert_eq!(load.1[3], 0, "the literal");
    assert!(ins
        .iter()
        .any(|(op, o)| *op == 62 && o.len() == 3 && o[2] == 0));
    check_val(&words);
}

#[test]
fn void_instruction_of_a_non_semantic_set() {
    let src = r#"#version 450
#extension GL_EXT_spirv_intrinsics : enable
spirv_instruction (extensions = ["SPV_KHR_non_semantic_info"], set = "NonSemantic.DebugBreak", id = 1)
void debugBreak();
layout(location = 0) out vec4 o;
void main() { debugBreak(); o = vec4(1.0); }
"#;
    let words = emit(src, Stage::Fragment).unwrap_or_else(|e| panic!("{e}"));
    let ins = instructions(&words);
    let set = ins
        .iter()
        .find(|(op, o)| *op == 11 && import_name(o) == "NonSemantic.DebugBreak")
        .map(|(_, o)| o[0])
        .expect("imported");
    assert!(ins
        .iter()
        .any(|(op, o)| *op == 12 && o[2] == set && o[3] == 1));
    check_val(&words);
}

/// A `spirv_instruction` whose result is a `spirv_type` (glslang's
/// spv.intrinsicsSpirvTypeWithTypeSpecifier.vert): `OpConvertUToPtr` to a
/// PhysicalStorageBuffer pointer, kept in a local decorated `AliasedPointer` and read by a
/// raw `OpLoad` with its memory operands; the module uses PhysicalStorageBuffer64.
#[test]
fn spirv_type_results_are_stored_in_a_local() {
    let src = r#"#version 450 core
#extension GL_ARB_gpu_shader_int64: enable
#extension GL_EXT_buffer_reference: enable
#extension GL_EXT_spirv_intrinsics: enable
#define uintStoragePtr spirv_type(extensions = ["SPV_EXT_physical_storage_buffer", "SPV_KHR_variable_pointers"], capabilities = [5347], id = 32, 5349, uint)
spirv_instruction(id = 61) uint loadUint(uintStoragePtr pointer, spirv_literal uint memoryOperands, spirv_literal uint alignment);
spirv_instruction(id = 120) uintStoragePtr convertToPtr(uint64_t value);
layout(location = 0) out uint o;
void main() { o = loadUint(convertToPtr(1), 0x2, 32); }
"#;
    for optimize in [false, true] {
        // (Checked by spirv-val there, and below.)
        let words = support::compile_vulkan(Stage::Vertex, src, optimize, 0);
        let ins = instructions(&words);
        // OpMemoryModel PhysicalStorageBuffer64 (5348).
        assert!(ins.iter().any(|(op, o)| *op == 14 && o[0] == 5348));
        // OpConvertUToPtr (120) stored (62) into a variable decorated AliasedPointer (5356).
        let conv = ins
            .iter()
            .find(|(op, _)| *op == 120)
            .expect("OpConvertUToPtr");
        let store = ins
            .iter()
            .find(|(op, o)| *op == 62 && o[1] == conv.1[1])
            .expect("the pointer stored");
        assert!(ins
            .iter()
            .any(|(op, o)| *op == 71 && o[0] == store.1[0] && o[1] == 5356));
        // The raw OpLoad with `Aligned 32`.
        assert!(ins
            .iter()
            .any(|(op, o)| *op == 61 && o.len() == 5 && o[3] == 2 && o[4] == 32));
        check_val(&words);
    }
}

#[test]
fn vendor_operations_are_rejected_by_name() {
    // (GL_EXT_long_vector has SPIR-V now: `long_vector_forms.rs`; the microscaling
    // formats too, `ocp_microscaling_forms.rs`, but not their arithmetic.)
    let src = "#version 450 core
#extension GL_EXT_float_e2m1 : enable
layout(local_size_x = 1) in;
layout(binding = 0) buffer Block { float x[]; } block;
void main() {
    floate2m1_t a = 1.0fe2m1;
    floate2m1_t b = a + a;
    block.x[1] = float(b);
}
";
    let e = emit(src, Stage::Compute).expect_err("vendor ops have no SPIR-V");
    assert!(e.contains("GL_EXT_float_e2m1"), "{e}");
    assert!(e.contains("op_add on `floate2m1_t`"), "{e}");
}
