//! Issue 5 (helper V): forms that made spirv-val sweep failures.
//!
//! * A call of a function declared but not defined in the stage: for OpenGL a linkable
//!   module (`Linkage`, the function imported with `LinkageAttributes "NAME" Import`, no
//!   body); for Vulkan (no `Linkage` capability) an error naming the function; an uncalled
//!   declaration is not written.
//! * GL_NV_cooperative_matrix as SPV_NV_cooperative_matrix: the type, construction,
//!   arithmetic, conversion, element access, length, load/store and multiply-add.
//! * An unsized buffer-block member that is not the last: a sized array (SPIR-V allows a
//!   runtime array only last).
//! * A uniform structure holding a sampler is rejected by the checker for Vulkan.
//! * `interpolateAt*` of a 16-bit input declares SPV_AMD_gpu_shader_half_float.

use crate::support;

use crate::support::instructions;
use fresnel::{Options, SourceInput, Stage, TargetEnv};
use fresnel_backend::spirv;

const OP_EXTENSION: u16 = 10;
const OP_CAPABILITY: u16 = 17;
const OP_TYPE_ARRAY: u16 = 28;
const OP_CONSTANT: u16 = 43;
const OP_TYPE_RUNTIME_ARRAY: u16 = 29;
const OP_FUNCTION: u16 = 54;
const OP_FUNCTION_END: u16 = 56;
const OP_FUNCTION_CALL: u16 = 57;
const OP_DECORATE: u16 = 71;
const OP_LABEL: u16 = 248;
const LINKAGE_ATTRIBUTES: u32 = 41;
const CAP_LINKAGE: u32 = 5;

/// GLSL compiled (lowered, then optimized when `optimize`) and written for `target`.
fn compile(stage: Stage, target: TargetEnv, src: &str, optimize: bool) -> Result<Vec<u32>, String> {
    support::try_compile(stage, target, src, optimize)
}

use crate::support::spv_env;

#[track_caller]
fn validate(words: &[u32], target: TargetEnv) {
    if support::have_spirv_val() {
        if let Err(e) = support::validate(words, spv_env(target)) {
            panic!(
                "spirv-val: {e}\n{}",
                spirv::disassemble(words).unwrap_or_default()
            );
        }
    }
}

fn string_operand(words: &[u32]) -> String {
    let mut bytes = Vec::new();
    'w: for w in words {
        for b in w.to_le_bytes() {
            if b == 0 {
                break 'w;
            }
            bytes.push(b);
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

const CALLS_UNDEFINED: &str = "#version 450
layout(location = 0) in vec4 p;
vec4 shade(vec4 c, out float k);
float unused(float x);
void main() {
    float k;
    gl_Position = shade(p, k) * k;
}
";

#[test]
fn a_called_declaration_is_imported_for_opengl() {
    for optimize in [false, true] {
        let words =
            compile(Stage::Vertex, TargetEnv::OpenGl, CALLS_UNDEFINED, optimize).expect("written");
        validate(&words, TargetEnv::OpenGl);
        let ins = instructions(&words);
        assert!(ins
            .iter()
            .any(|(op, o)| *op == OP_CAPABILITY && o[0] == CAP_LINKAGE));
        // One import, named by the function's signature, of type Import (1).
        let imports: Vec<&Vec<u32>> = ins
            .iter()
            .filter(|(op, o)| *op == OP_DECORATE && o[1] == LINKAGE_ATTRIBUTES)
            .map(|(_, o)| o)
            .collect();
        assert_eq!(imports.len(), 1, "{imports:?}");
        let name = string_operand(&imports[0][2..]);
        assert!(name.starts_with("shade"), "{name}");
        assert_eq!(*imports[0].last().unwrap(), 1);
        let f = imports[0][0];
        // The imported function has no body: no label between its OpFunction and its end,
        // and it comes before the definitions.
        let at = ins
            .iter()
            .position(|(op, o)| *op == OP_FUNCTION && o[1] == f)
            .expect("declared");
        let end = at
            + ins[at..]
                .iter()
                .position(|(op, _)| *op == OP_FUNCTION_END)
                .unwrap();
        assert!(!ins[at..end].iter().any(|(op, _)| *op == OP_LABEL));
        assert_eq!(
            ins.iter().position(|(op, _)| *op == OP_FUNCTION),
            Some(at),
            "the import is the first function"
        );
        assert!(ins
            .iter()
            .any(|(op, o)| *op == OP_FUNCTION_CALL && o[2] == f));
        // `unused` is declared but never called: not written.
        let functions = ins.iter().filter(|(op, _)| *op == OP_FUNCTION).count();
        assert_eq!(functions, 2, "main and the import");
    }
}

#[test]
fn a_called_declaration_is_an_error_for_vulkan() {
    let e = compile(
        Stage::Vertex,
        TargetEnv::Vulkan { minor: 0 },
        CALLS_UNDEFINED,
        false,
    )
    .expect_err("no Linkage in Vulkan");
    assert!(
        e.contains("function `shade") && e.contains("declared but not defined"),
        "{e}"
    );
}

#[test]
fn uncalled_declarations_need_no_linkage() {
    let src = "#version 450\nfloat unused(float x);\nvoid main() { gl_Position = vec4(1.0); }\n";
    let words = compile(Stage::Vertex, TargetEnv::OpenGl, src, false).expect("written");
    validate(&words, TargetEnv::OpenGl);
    let ins = instructions(&words);
    assert!(!ins
        .iter()
        .any(|(op, o)| *op == OP_CAPABILITY && o[0] == CAP_LINKAGE));
    assert_eq!(ins.iter().filter(|(op, _)| *op == OP_FUNCTION).count(), 1);
}

const COOPMAT: &str = "#version 450 core
#extension GL_KHR_memory_scope_semantics : enable
#extension GL_NV_cooperative_matrix : enable
#extension GL_NV_integer_cooperative_matrix : enable
#extension GL_EXT_shader_explicit_arithmetic_types : enable
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) buffer Block { float x[]; } block;
layout(set = 0, binding = 1) buffer Block16 { float16_t x[]; } block16;
layout(set = 0, binding = 2) buffer Out { float r; int n; } o;
void main() {
    fcoopmatNV<32, gl_ScopeSubgroup, 16, 8> m = fcoopmatNV<32, gl_ScopeSubgroup, 16, 8>(0.0);
    coopMatLoadNV(m, block.x, 16, 128, false);
    m = m + m;
    m = m - m;
    m = -m;
    m = 2.0 * m;
    m = m / m;
    fcoopmatNV<16, gl_ScopeSubgroup, 16, 8> h = fcoopmatNV<16, gl_ScopeSubgroup, 16, 8>(m);
    ucoopmatNV<8, gl_ScopeSubgroup, 16, 8> u = ucoopmatNV<8, gl_ScopeSubgroup, 16, 8>(2);
    icoopmatNV<8, gl_ScopeSubgroup, 16, 8> i = icoopmatNV<8, gl_ScopeSubgroup, 16, 8>(1);
    i = -i;
    i = i * int8_t(3);
    fcoopmatNV<32, gl_ScopeSubgroup, 16, 8> fu = fcoopmatNV<32, gl_ScopeSubgroup, 16, 8>(u);
    m[1] = o.r;
    o.r = m[o.n] + fu[0];
    fcoopmatNV<16, gl_ScopeSubgroup, 16, 8> A;
    fcoopmatNV<16, gl_ScopeSubgroup, 8, 8> B;
    coopMatLoadNV(A, block16.x, 0, 8, false);
    coopMatLoadNV(B, block16.x, 128, 8, true);
    fcoopmatNV<32, gl_ScopeSubgroup, 16, 8> D = coopMatMulAddNV(A, B, m);
    o.n = D.length() + h.length();
    coopMatStoreNV(D, block.x, 0, 128, false);
    coopMatStoreNV(h, block16.x, 256, 8, false);
}
";

#[test]
fn nv_cooperative_matrices_are_written() {
    const CAP_COOPERATIVE_MATRIX_NV: u32 = 5357;
    const TYPE: u16 = 5358;
    const LOAD: u16 = 5359;
    const STORE: u16 = 5360;
    const MUL_ADD: u16 = 5361;
    const LENGTH: u16 = 5362;
    const COMPOSITE_CONSTRUCT: u16 = 80;
    const F_CONVERT: u16 = 115;
    const CONVERT_U_TO_F: u16 = 112;
    const F_NEGATE: u16 = 127;
    const S_NEGATE: u16 = 126;
    const F_DIV: u16 = 136;
    const MATRIX_TIMES_SCALAR: u16 = 143;
    let target = TargetEnv::Vulkan { minor: 1 };
    for optimize in [false, true] {
        let words = compile(Stage::Compute, target, COOPMAT, optimize).expect("written");
        validate(&words, target);
        let ins = instructions(&words);
        assert!(ins
            .iter()
            .any(|(op, o)| *op == OP_CAPABILITY && o[0] == CAP_COOPERATIVE_MATRIX_NV));
        assert!(
            ins.iter()
                .any(|(op, o)| *op == OP_EXTENSION
                    && string_operand(o) == "SPV_NV_cooperative_matrix")
        );
        let types: Vec<u32> = ins
            .iter()
            .filter(|(op, _)| *op == TYPE)
            .map(|(_, o)| o[0])
            .collect();
        // f32 16x8, f16 16x8, u8 16x8, i8 16x8, f16 8x8.
        assert_eq!(types.len(), 5, "{types:?}");
        let count = |opc: u16| ins.iter().filter(|(op, _)| *op == opc).count();
        assert_eq!(count(LOAD), 3);
        assert_eq!(count(STORE), 2);
        assert_eq!(count(MUL_ADD), 1);
        for opc in [
            COMPOSITE_CONSTRUCT,
            F_CONVERT,
            CONVERT_U_TO_F,
            F_NEGATE,
            S_NEGATE,
            F_DIV,
            MATRIX_TIMES_SCALAR,
        ] {
            assert!(
                ins.iter()
                    .any(|(op, o)| *op == opc && types.contains(&o[0])),
                "no opcode {opc} on a cooperative matrix"
            );
        }
        // (`.length()` is folded by the checker to rows x columns, so no
        // OpCooperativeMatrixLengthNV is written: see the report of issue 5.)
        assert_eq!(count(LENGTH), 0);
    }
}

#[test]
fn an_unsized_member_before_the_last_is_sized_by_the_layout() {
    let src = "#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) buffer B { float x[]; float y; } b;
void main() { b.x[0] = b.y; }
";
    let target = TargetEnv::Vulkan { minor: 0 };
    let words = compile(Stage::Compute, target, src, false).expect("written");
    validate(&words, target);
    let ins = instructions(&words);
    assert!(!ins.iter().any(|(op, _)| *op == OP_TYPE_RUNTIME_ARRAY));
    // `x` has room for one element before `y` (offset 4, stride 4).
    let arr = ins
        .iter()
        .find(|(op, _)| *op == OP_TYPE_ARRAY)
        .expect("a sized array");
    let len = ins
        .iter()
        .find(|(op, o)| *op == OP_CONSTANT && o[1] == arr.1[2])
        .expect("its length");
    assert_eq!(len.1[2], 1);
}

#[test]
fn struct_uniforms_holding_samplers_are_rejected_by_the_checker_for_vulkan() {
    let src = "#version 450\nuniform struct S { sampler2D s; } si;\nvoid main() { gl_Position = texture(si.s, vec2(0.5)); }\n";
    let opts = Options {
        stage: Some(Stage::Vertex),
        target: TargetEnv::Vulkan { minor: 0 },
        ..Options::default()
    };
    let run = fresnel::check(SourceInput::new("t", src), &opts, &mut fresnel::NoIncludes);
    assert!(run.has_errors());
    let text = run.render_diagnostics(fresnel::ErrorFormat::Human, false);
    assert!(
        text.contains("uniform `si` is a structure holding opaque members")
            && text.contains("GL_KHR_vulkan_glsl"),
        "{text}"
    );
    // OpenGL has such uniforms.
    let words = compile(Stage::Vertex, TargetEnv::OpenGl, src, false).expect("written");
    validate(&words, TargetEnv::OpenGl);
    // A local structure holding a sampler is not a uniform: accepted for Vulkan.
    let local = "#version 450\nlayout(set = 0, binding = 0) uniform sampler2D t;\nstruct S { sampler2D s; };\nvec4 f(S x) { return texture(x.s, vec2(0.5)); }\nvoid main() { gl_Position = f(S(t)); }\n";
    let run = fresnel::check(
        SourceInput::new("t", local),
        &opts,
        &mut fresnel::NoIncludes,
    );
    assert!(
        !run.render_diagnostics(fresnel::ErrorFormat::Human, false)
            .contains("vulkan-opaque-struct-uniform")
            && !run
                .render_diagnostics(fresnel::ErrorFormat::Human, false)
                .contains("structure holding opaque members"),
    );
}

/// glslang's relaxed Vulkan rules (`-R`) accept such a uniform (the linker splits it); plain
/// Vulkan keeps rejecting it.
#[test]
fn struct_uniforms_holding_samplers_are_accepted_by_relaxed_vulkan_rules() {
    let src = "#version 450\nstruct A { sampler2D tn[2]; };\nuniform struct S { vec2 x; sampler2D s; A a; } si;\nvec4 f(A a) { return texture(a.tn[1], si.x); }\nvoid main() { gl_Position = texture(si.s, vec2(0.5)) + f(si.a); }\n";
    let check = |relaxed_vulkan: bool| {
        let opts = Options {
            stage: Some(Stage::Vertex),
            target: TargetEnv::Vulkan { minor: 1 },
            relaxed_vulkan,
            ..Options::default()
        };
        let run = fresnel::check(SourceInput::new("t", src), &opts, &mut fresnel::NoIncludes);
        run.render_diagnostics(fresnel::ErrorFormat::Human, false)
    };
    let relaxed = check(true);
    assert!(relaxed.is_empty(), "{relaxed}");
    assert!(check(false).contains("uniform `si` is a structure holding opaque members"));
}

/// glslang's relaxed Vulkan rules keep atomic counters and their functions (the linker
/// makes them buffer members); plain Vulkan keeps rejecting them.
#[test]
fn atomic_counters_are_accepted_by_relaxed_vulkan_rules() {
    let src = "#version 460\nlayout(binding = 0) uniform atomic_uint c;\nlayout(location = 0) out uint o;\nvoid main() { o = atomicCounterIncrement(c) + atomicCounterCompSwap(c, 1u, 2u); memoryBarrierAtomicCounter(); }\n";
    let check_src = |src: &str, relaxed_vulkan: bool| {
        let opts = Options {
            stage: Some(Stage::Fragment),
            target: TargetEnv::Vulkan { minor: 1 },
            relaxed_vulkan,
            ..Options::default()
        };
        let run = fresnel::check(SourceInput::new("t", src), &opts, &mut fresnel::NoIncludes);
        run.render_diagnostics(fresnel::ErrorFormat::Human, false)
    };
    let check = |relaxed_vulkan: bool| check_src(src, relaxed_vulkan);
    let relaxed = check(true);
    assert!(relaxed.is_empty(), "{relaxed}");
    // Judged by the version as for OpenGL (atomicCounterCompSwap is GLSL 460's).
    let old = check_src(&src.replace("460", "450"), true);
    assert!(
        old.contains("atomicCounterCompSwap") && !old.contains("GL_KHR_vulkan_glsl"),
        "{old}"
    );
    let plain = check(false);
    assert!(
        plain.contains("atomic counters are not available when compiling for Vulkan")
            && plain.contains("`atomicCounterIncrement` is not available"),
        "{plain}"
    );
}

#[test]
fn half_float_interpolation_declares_the_amd_extension() {
    let src = "#version 450
#extension GL_AMD_gpu_shader_half_float : enable
layout(location = 0) in float16_t p;
layout(location = 0) out vec4 o;
void main() { o = vec4(interpolateAtCentroid(p)); }
";
    let words = compile(Stage::Fragment, TargetEnv::OpenGl, src, false).expect("written");
    // (SPIRV-Tools 2023.1 rejects a 16-bit InterpolateAtCentroid even so: not validated.)
    let ins = instructions(&words);
    assert!(
        ins.iter()
            .any(|(op, o)| *op == OP_EXTENSION
                && string_operand(o) == "SPV_AMD_gpu_shader_half_float")
    );
}

/// The corpus shaders of GL_NV_cooperative_matrix (skipped when the corpus is absent), at
/// -O0 and -O.
#[test]
fn corpus_nv_cooperative_matrix_shaders_validate() {
    let dir = std::path::Path::new("/work/shared/corpus/glslang/Test");
    if !dir.is_dir() {
        return;
    }
    let target = TargetEnv::Vulkan { minor: 1 };
    for name in [
        "spv.1.3.coopmat.comp",
        "spv.coopmat.comp",
        "spv.intcoopmat.comp",
    ] {
        let src = std::fs::read_to_string(dir.join(name)).expect("readable");
        for optimize in [false, true] {
            let words = compile(Stage::Compute, target, &src, optimize)
                .unwrap_or_else(|e| panic!("{name} (optimize {optimize}): {e}"));
            validate(&words, target);
        }
    }
}
