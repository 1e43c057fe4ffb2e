//! Calls of GL_EXT_spirv_intrinsics `spirv_instruction(...)` prototypes (issue 5) lower to
//! the `spirv_instruction` intrinsic carrying the instruction number, the set, the
//! capabilities and extensions, and the kinds of the result and arguments
//! (`spirv_by_reference`: a pointer, `spirv_literal`: a literal); the IR validates and
//! round-trips.

mod support;

use fresnel::ir::spirv_instruction::{
    decode_caps, decode_exts, decode_kinds, SpirvKind, SPIRV_EXT_INST_SETS,
};
use fresnel::ir::{IndexKind, InstrKind, Intrinsic, IntrinsicInstr, Shader};
use fresnel::{Options, TargetEnv};

fn lower(name: &str, src: &str) -> Shader {
    let opts = Options {
        target: TargetEnv::Vulkan { minor: 0 },
        ..Options::default()
    };
    let mut both = support::lower_both(name, src, &opts, true);
    both.pop().expect("two forms")
}

fn spirv_instrs(s: &Shader) -> Vec<IntrinsicInstr> {
    let f = &s.functions[s.entry.expect("main")];
    f.instrs_in_order()
        .into_iter()
        .filter_map(|i| match &f.instrs[i].kind {
            InstrKind::Intrinsic(x)
                if matches!(
                    x.op,
                    Intrinsic::SpirvInstruction | Intrinsic::SpirvInstructionValue
                ) =>
            {
                Some(x.clone())
            }
            _ => None,
        })
        .collect()
}

#[test]
fn clock_and_trinary_min() {
    let src = r#"#version 450 core
#extension GL_EXT_spirv_intrinsics: enable
#extension GL_ARB_gpu_shader_int64: enable
spirv_instruction (extensions = ["SPV_KHR_shader_clock"], capabilities = [5055], id = 5056)
uint64_t clockRealtimeEXT(int);
spirv_instruction (extensions = ["SPV_AMD_shader_trinary_minmax"], set = "SPV_AMD_shader_trinary_minmax", id = 1)
vec2 min3(vec2 x, vec2 y, vec2 z);
layout(location = 0) in vec3 vec3In;
layout(location = 1) out uint64_t u64Out;
layout(location = 2) out vec2 vec2Out;
void main()
{
    u64Out = clockRealtimeEXT(1);
    vec2Out = min3(vec3In.xy, vec3In.yz, vec3In.zx);
}
"#;
    let s = lower("t.vert", src);
    let xs = spirv_instrs(&s);
    assert_eq!(xs.len(), 2);
    let clock = &xs[0];
    assert_eq!(clock.op, Intrinsic::SpirvInstructionValue);
    assert_eq!(clock.index(IndexKind::Base), Some(5056));
    assert_eq!(clock.index(IndexKind::SpirvSet), None);
    assert_eq!(
        decode_caps(clock.index(IndexKind::SpirvCaps).unwrap()),
        [5055]
    );
    assert_eq!(
        decode_exts(clock.index(IndexKind::SpirvExts).unwrap()),
        ["SPV_KHR_shader_clock"]
    );
    let (r, k) = decode_kinds(clock.index(IndexKind::SpirvKinds).unwrap()).unwrap();
    assert_eq!((r, k), (SpirvKind::Uint, vec![SpirvKind::Int]));
    let f = &s.functions[s.entry.unwrap()];
    let d = &f.values[clock.dest.unwrap()];
    assert_eq!((d.bit_size, d.num_components), (64, 1));
    let min3 = &xs[1];
    let set = min3.index(IndexKind::SpirvSet).unwrap() as usize;
    assert_eq!(SPIRV_EXT_INST_SETS[set], "SPV_AMD_shader_trinary_minmax");
    assert_eq!(min3.srcs.len(), 3);
}

/// Every extended instruction set of the SPIR-V registry can be named, not only those that
/// Fresnel itself uses (glslang's spv.intrinsicsSpirvInstructionSetLiteral.comp).
#[test]
fn registry_instruction_sets() {
    let src = r#"#version 450 core
#extension GL_EXT_spirv_intrinsics: enable
layout(local_size_x = 1) in;
spirv_instruction(set = "OpenCL.DebugInfo.100", id = 30)
void debugOperation(spirv_literal int opCode);
spirv_instruction(set = "DebugInfo", id = 30)
void debugOperation2(spirv_literal int opCode);
void main()
{
    debugOperation(5);
    debugOperation2(5);
}
"#;
    let s = lower("t.comp", src);
    let xs = spirv_instrs(&s);
    let sets: Vec<&str> = xs
        .iter()
        .map(|x| SPIRV_EXT_INST_SETS[x.index(IndexKind::SpirvSet).unwrap() as usize])
        .collect();
    assert_eq!(sets, ["OpenCL.DebugInfo.100", "DebugInfo"]);
}

#[test]
fn by_reference_and_literal_arguments() {
    let src = r#"#version 450 core
#extension GL_EXT_spirv_intrinsics: enable
spirv_instruction(id = 61)
vec4 load(spirv_by_reference vec4 pointer, spirv_literal int memoryOperands);
spirv_instruction (set = "GLSL.std.450", id = 35)
float modf(float x, spirv_by_reference float i);
layout(location = 0) in vec4 vec4In;
layout(location = 0) out vec4 o;
void main() { o = load(vec4In, 0x2); o.x = modf(vec4In.x, o.w); }
"#;
    let s = lower("t.vert", src);
    let xs = spirv_instrs(&s);
    let kinds = |x: &IntrinsicInstr| decode_kinds(x.index(IndexKind::SpirvKinds).unwrap()).unwrap();
    assert_eq!(
        kinds(&xs[0]),
        (
            SpirvKind::Float,
            vec![SpirvKind::Pointer, SpirvKind::Literal]
        )
    );
    assert_eq!(
        kinds(&xs[1]),
        (SpirvKind::Float, vec![SpirvKind::Float, SpirvKind::Pointer])
    );
    // The pointer is a deref (of `o`'s component w for modf), the literal a constant 2.
    let f = &s.functions[s.entry.unwrap()];
    assert!(matches!(
        f.instrs[f.values[xs[1].srcs[1]].def].kind,
        InstrKind::Deref(_)
    ));
    match &f.instrs[f.values[xs[0].srcs[1]].def].kind {
        InstrKind::LoadConst { values, .. } => assert_eq!(values[0], 2),
        other => panic!("{other:?}"),
    }
}
