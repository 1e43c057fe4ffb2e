//! GL_EXT_spirv_intrinsics `spirv_execution_mode(...)` (literal operands: `OpExecutionMode`)
//! and `spirv_execution_mode_id(...)` (constant and specialization-constant ids:
//! `OpExecutionModeId`), and the capabilities and extensions these directives and the
//! `spirv_decorate*` qualifiers declare, as glslang writes them (its
//! spv.intrinsicsSpirvExecutionMode.frag and spv.intrinsicsSpirvExecutionModeId.comp); the
//! IR text keeps them. Each module passes `spirv-val`.

use crate::support::{self, capabilities, has_extension, instructions};

use fresnel::{Stage, TargetEnv};

const EXECUTION_MODE: u16 = 16;
const EXECUTION_MODE_ID: u16 = 331;
const SPEC_CONSTANT: u16 = 50;
const CONSTANT: u16 = 43;

#[test]
fn literal_mode_with_the_requirements_of_a_decoration() {
    let src = r#"#version 450 core
#extension GL_EXT_spirv_intrinsics: enable
spirv_execution_mode(5027); // StencilRefReplacingEXT
spirv_decorate(extensions = ["SPV_EXT_shader_stencil_export"], capabilities = [5013], 11, 5014)
out int gl_FragStencilRef;
layout(location = 0) in flat int color;
void main() { gl_FragStencilRef = color; }
"#;
    for optimize in [false, true] {
        let words = support::compile_vulkan(Stage::Fragment, src, optimize, 2);
        let modes: Vec<Vec<u32>> = instructions(&words)
            .into_iter()
            .filter(|(op, _)| *op == EXECUTION_MODE)
            .map(|(_, ops)| ops[1..].to_vec())
            .collect();
        assert!(modes.contains(&vec![5027]), "{modes:?}");
        assert!(capabilities(&words).contains(&5013));
        assert!(has_extension(&words, "SPV_EXT_shader_stencil_export"));
    }
}

#[test]
fn id_mode_with_constants_and_a_specialization_constant() {
    let src = r#"#version 460 core
#extension GL_EXT_spirv_intrinsics: enable
layout(constant_id = 7) const uint sx = 2;
spirv_execution_mode_id(38, sx, 4u, 1u); // LocalSizeId
void main() {}
"#;
    // (Vulkan allows LocalSizeId from 1.3, maintenance4.)
    let words = support::compile_vulkan(Stage::Compute, src, false, 3);
    let insts = instructions(&words);
    let (_, ops) = insts
        .iter()
        .find(|(op, _)| *op == EXECUTION_MODE_ID)
        .expect("OpExecutionModeId");
    assert_eq!(ops[1], 38);
    let spec = insts
        .iter()
        .find(|(op, o)| *op == SPEC_CONSTANT && o[1] == ops[2])
        .expect("the first operand is the specialization constant");
    assert_eq!(spec.1[2], 2);
    let value = |id: u32| {
        insts
            .iter()
            .find(|(op, o)| *op == CONSTANT && o[1] == id)
            .map(|(_, o)| o[2])
    };
    assert_eq!((value(ops[3]), value(ops[4])), (Some(4), Some(1)));
    // Before SPIR-V 1.2 there is no OpExecutionModeId.
    let e = support::try_compile(Stage::Compute, TargetEnv::Vulkan { minor: 0 }, src, false)
        .unwrap_err();
    assert!(e.contains("SPIR-V 1.2"), "{e}");
}

#[test]
fn modes_survive_the_ir_text() {
    let src = r#"#version 460 core
#extension GL_EXT_spirv_intrinsics: enable
layout(constant_id = 7) const uint sx = 2;
spirv_execution_mode(capabilities = [5013], extensions = ["SPV_EXT_shader_stencil_export"], 5027);
spirv_execution_mode_id(38, sx, 4, true, 1.5);
void main() {}
"#;
    let opts = fresnel::Options {
        stage: Some(Stage::Compute),
        target: TargetEnv::Vulkan { minor: 2 },
        ..fresnel::Options::default()
    };
    let run = fresnel::lower_to_ir(
        fresnel::SourceInput::new("t", src),
        &opts,
        &mut fresnel::NoIncludes,
    );
    let ir = run.ir.expect("lowered");
    let mut text = String::new();
    fresnel_ir::Printer::new(&ir).shader(&mut text);
    assert!(text.contains("spirv_mode(5027)"), "{text}");
    assert!(
        text.contains("spirv_mode(38 id spec 7 int 4 bool 1 float 1069547520)"),
        "{text}"
    );
    assert!(
        text.contains("spirv_cap(5013) spirv_ext(SPV_EXT_shader_stencil_export)"),
        "{text}"
    );
    let back = fresnel_ir::parse(&text).expect("parses");
    assert_eq!(back.info.spirv_modes, ir.info.spirv_modes);
    assert_eq!(back.info.spirv_capabilities, ir.info.spirv_capabilities);
    assert_eq!(back.info.spirv_extensions, ir.info.spirv_extensions);
}
