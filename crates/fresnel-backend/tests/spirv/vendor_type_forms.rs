//! Issue 5 (helper F): SPIR-V output of vendor types that SPIRV-Tools v2025.3 knows.
//!
//! * GL_EXT_bfloat16 as SPV_KHR_bfloat16 and GL_EXT_float_e4m3 / GL_EXT_float_e5m2 as
//!   SPV_EXT_float8: the types (`OpTypeFloat 16 BFloat16KHR`, `OpTypeFloat 8
//!   Float8E4M3EXT/Float8E5M2EXT`), construction and conversion, element and swizzle access,
//!   `dot`, the bit casts, saturated conversions, buffer memory.
//!
//! Modules are checked by Debian's `spirv-val` only where it knows them (it knows none of
//! these extensions), and by the validator `SPIRV_VAL_VENDORED` names (SPIRV-Tools v2025.3,
//! `tools/spirv-val-vendored`): without it that check is skipped with a note.

use crate::support;

use crate::support::{has_extension, instructions};
use fresnel::{Stage, TargetEnv};
use fresnel_backend::spirv;

const OP_CAPABILITY: u16 = 17;
const OP_TYPE_FLOAT: u16 = 22;
const OP_DECORATE: u16 = 71;
const OP_CONVERT_F_TO_U: u16 = 109;
const OP_CONVERT_S_TO_F: u16 = 111;
const OP_CONVERT_U_TO_F: u16 = 112;
const OP_F_CONVERT: u16 = 115;
const OP_BITCAST: u16 = 124;
const OP_DOT: u16 = 148;

const CAP_FLOAT8: u32 = 4212;
const CAP_BFLOAT16_TYPE: u32 = 5116;
const CAP_BFLOAT16_DOT: u32 = 5117;

/// A compute shader compiled for Vulkan 1.3 at -O0 and -O, each module checked by the
/// vendored validator.
fn compile_both(src: &str, flags: &[&str]) -> [Vec<u32>; 2] {
    [false, true].map(|optimize| {
        let words = support::try_compile(
            Stage::Compute,
            TargetEnv::Vulkan { minor: 3 },
            src,
            optimize,
        )
        .unwrap_or_else(|e| panic!("not written (optimize {optimize}): {e}"));
        if std::env::var_os("VENDOR_FORMS_DUMP").is_some() {
            println!("{}", spirv::disassemble(&words).unwrap_or_default());
        }
        support::check_vendored(&words, "vulkan1.3", flags);
        words
    })
}

fn has(words: &[u32], opcode: u16, first: &[u32]) -> bool {
    instructions(words)
        .iter()
        .any(|(o, ops)| *o == opcode && ops.starts_with(first))
}

fn count(words: &[u32], opcode: u16) -> usize {
    instructions(words)
        .iter()
        .filter(|(o, _)| *o == opcode)
        .count()
}

/// The ids of `OpTypeFloat` with these operands.
fn float_type(words: &[u32], ops: &[u32]) -> Option<u32> {
    instructions(words)
        .iter()
        .find(|(o, x)| *o == OP_TYPE_FLOAT && &x[1..] == ops)
        .map(|(_, x)| x[0])
}

const BF16: &str = "#version 450
#extension GL_EXT_bfloat16 : require
#extension GL_EXT_shader_explicit_arithmetic_types : enable
#extension GL_EXT_scalar_block_layout : enable
layout(local_size_x = 1) in;
layout(scalar, binding = 0) buffer B { bf16vec3 v3; bfloat16_t s; float f; uint u; int i; int16_t bits; } buf;
void main() {
    bfloat16_t b = bfloat16_t(buf.f);
    bf16vec2 b2 = bf16vec2(buf.u);
    b2.y = bfloat16_t(buf.i);
    bf16vec3 b3 = bf16vec3(b2, b);
    buf.v3 = b3.zyx;
    buf.s = b3[buf.u];
    buf.f = float(dot(b2, b2)) + float(b);
    buf.u = uint(b3.x);
    buf.bits = bfloat16BitsToIntEXT(b);
    buf.s = intBitsToBFloat16EXT(buf.bits);
}
";

#[test]
fn bfloat16_types_conversions_and_dot() {
    for words in compile_both(BF16, &["--scalar-block-layout"]) {
        assert!(has(&words, OP_CAPABILITY, &[CAP_BFLOAT16_TYPE]));
        assert!(has(&words, OP_CAPABILITY, &[CAP_BFLOAT16_DOT]));
        assert!(has_extension(&words, "SPV_KHR_bfloat16"));
        let bf = float_type(&words, &[16, 0]).expect("OpTypeFloat 16 BFloat16KHR");
        // float -> bf16, uint -> bf16, int -> bf16, bf16 -> uint, bf16 -> float.
        assert!(has(&words, OP_F_CONVERT, &[bf]));
        assert!(has(&words, OP_CONVERT_U_TO_F, &[bf]));
        assert!(has(&words, OP_CONVERT_S_TO_F, &[bf]));
        assert!(count(&words, OP_CONVERT_F_TO_U) >= 1);
        assert!(has(&words, OP_DOT, &[bf]));
        assert_eq!(count(&words, OP_BITCAST), 2);
    }
}

/// A `bfloat16_t` scalar swizzled (`b.xxxx`, `b.x`, `b.x = c`; GLSL 4.20): the scalar
/// repeated with `OpCompositeConstruct` or taken as it is, never `OpVectorShuffle`,
/// `OpCompositeExtract` or `OpCompositeInsert` of a scalar (invalid SPIR-V, written before).
#[test]
fn bfloat16_scalar_swizzles() {
    const OP_CONSTANT: u16 = 43;
    const OP_LOAD: u16 = 61;
    const OP_VECTOR_SHUFFLE: u16 = 79;
    const OP_COMPOSITE_CONSTRUCT: u16 = 80;
    const OP_COMPOSITE_EXTRACT: u16 = 81;
    const OP_COMPOSITE_INSERT: u16 = 82;
    let src = "#version 450
#extension GL_EXT_bfloat16 : require
#extension GL_EXT_shader_explicit_arithmetic_types : enable
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer B { float f; } buf;
void main() {
    bfloat16_t a = bfloat16_t(buf.f);
    bf16vec4 sa = a.xxxx;
    bfloat16_t b = a.x;
    b.x = a;
    buf.f = float(sa.w) + float(b) + float(a.xx.y);
}
";
    for words in compile_both(src, &[]) {
        let bf = float_type(&words, &[16, 0]).expect("OpTypeFloat 16 BFloat16KHR");
        let ins = instructions(&words);
        // The ids of scalar bfloat16 values.
        let scalars: Vec<u32> = ins
            .iter()
            .filter(|(o, ops)| {
                matches!(
                    *o,
                    OP_CONSTANT
                        | OP_LOAD
                        | OP_F_CONVERT
                        | OP_COMPOSITE_EXTRACT
                        | OP_COMPOSITE_INSERT
                        | OP_VECTOR_SHUFFLE
                ) && ops[0] == bf
            })
            .map(|(_, ops)| ops[1])
            .collect();
        for (o, ops) in &ins {
            let composite = match *o {
                OP_VECTOR_SHUFFLE | OP_COMPOSITE_EXTRACT => ops[2],
                OP_COMPOSITE_INSERT => ops[3],
                _ => continue,
            };
            assert!(
                !scalars.contains(&composite),
                "opcode {o} of the scalar %{composite}\n{}",
                spirv::disassemble(&words).unwrap_or_default()
            );
        }
        assert!(ins.iter().any(|(o, ops)| *o == OP_COMPOSITE_CONSTRUCT
            && ops[2..].iter().all(|x| scalars.contains(x))
            && ops.len() == 6));
    }
}

const FLOAT8: &str = "#version 450
#extension GL_EXT_float_e4m3 : require
#extension GL_EXT_float_e5m2 : require
#extension GL_EXT_shader_explicit_arithmetic_types : enable
#extension GL_EXT_scalar_block_layout : enable
layout(local_size_x = 1) in;
layout(scalar, binding = 0) buffer B { fe4m3vec2 a; floate5m2_t e; float f; vec2 f2; uint8_t bits; } buf;
void main() {
    floate4m3_t x;
    saturatedConvertEXT(x, buf.f);
    fe4m3vec2 y;
    saturatedConvertEXT(y, buf.f2);
    buf.a = fe4m3vec2(x, y.y);
    buf.e = floate5m2_t(buf.a.x);
    buf.f2 = vec2(buf.a) + float(buf.e);
    buf.bits = floate5m2BitsToUintEXT(buf.e);
}
";

#[test]
fn float8_types_and_saturated_conversions() {
    for words in compile_both(FLOAT8, &["--scalar-block-layout"]) {
        assert!(has(&words, OP_CAPABILITY, &[CAP_FLOAT8]));
        assert!(has_extension(&words, "SPV_EXT_float8"));
        let e4 = float_type(&words, &[8, 4214]).expect("OpTypeFloat 8 Float8E4M3EXT");
        let e5 = float_type(&words, &[8, 4215]).expect("OpTypeFloat 8 Float8E5M2EXT");
        assert!(has(&words, OP_F_CONVERT, &[e4]));
        assert!(has(&words, OP_F_CONVERT, &[e5]));
        // Two saturating conversions (scalar and vector), decorated.
        let sat = instructions(&words)
            .iter()
            .filter(|(o, ops)| *o == OP_DECORATE && ops.get(1) == Some(&4216))
            .count();
        assert_eq!(sat, 2);
        assert!(has(&words, OP_BITCAST, &[]));
    }
}

/// Constants of the small formats are rounded in their own precision and range (not
/// through float16): the folded conversions back to `float` are exact.
#[test]
fn small_float_constants_fold_exactly() {
    let src = "#version 450
#extension GL_EXT_bfloat16 : require
#extension GL_EXT_float_e4m3 : require
#extension GL_EXT_float_e5m2 : require
#extension GL_EXT_shader_explicit_arithmetic_types : enable
layout(local_size_x = 1) in;
layout(binding = 0) buffer B { float f[4]; } buf;
void main() {
    buf.f[0] = float(bfloat16_t(100000.0));
    buf.f[1] = float(bfloat16_t(1.00390625));
    buf.f[2] = float(floate4m3_t(1.1));
    buf.f[3] = float(floate5m2_t(60000.0));
}
";
    const OP_CONSTANT: u16 = 43;
    for words in compile_both(src, &[]) {
        let f32_t = float_type(&words, &[32]).expect("float");
        let consts: Vec<f32> = instructions(&words)
            .iter()
            .filter(|(o, ops)| *o == OP_CONSTANT && ops[0] == f32_t)
            .map(|(_, ops)| f32::from_bits(ops[2]))
            .collect();
        // bfloat16: 100000 -> 99840 (not float16's infinity), 1 + 2^-8 -> 1 (a tie, to even);
        // e4m3: 1.1 -> 1.125; e5m2: 60000 -> 57344.
        for want in [99840.0, 1.0, 1.125, 57344.0] {
            assert!(consts.contains(&want), "{want} not among {consts:?}");
        }
    }
}

/// Arithmetic and comparisons of bfloat16 values have no SPIR-V form (SPV_KHR_bfloat16
/// allows conversions, composites, memory and `OpDot` only): refused naming the operation,
/// never written invalid. (glslang's checker refuses them first; ours lets them through.)
#[test]
fn bfloat16_arithmetic_is_refused_by_name() {
    for (body, op) in [
        ("b = b + b;", "op_add"),
        ("if (b == b) buf.f = 1.0;", "op_eq"),
    ] {
        let src = format!(
            "#version 450
#extension GL_EXT_bfloat16 : require
#extension GL_EXT_shader_explicit_arithmetic_types : enable
layout(local_size_x = 1) in;
layout(binding = 0) buffer B {{ float f; }} buf;
void main() {{ bfloat16_t b = bfloat16_t(buf.f); {body} buf.f = float(b); }}
"
        );
        for optimize in [false, true] {
            let e = support::try_compile(
                Stage::Compute,
                TargetEnv::Vulkan { minor: 3 },
                &src,
                optimize,
            )
            .expect_err("bfloat16 arithmetic written");
            assert!(e.contains(op) && e.contains("bfloat16_t"), "{e}");
        }
    }
}

/// A conversion to a microscaling format (e2m1, ue8m0, mxint8, ...) of a value not known
/// when compiling has no SPIR-V form (SPV_EXT_ocp_microscaling_types converts only from
/// these types): refused naming the type and extension.
#[test]
fn runtime_conversions_to_microscaling_formats_are_refused_by_name() {
    let src = "#version 450
#extension GL_EXT_float_e2m1 : require
#extension GL_EXT_shader_explicit_arithmetic_types : enable
layout(local_size_x = 1) in;
layout(binding = 0) buffer B { float f; } buf;
void main() { floate2m1_t x = floate2m1_t(buf.f); buf.f = float(x); }
";
    match support::try_compile(Stage::Compute, TargetEnv::Vulkan { minor: 3 }, src, false) {
        Ok(_) => panic!("e2m1 written"),
        Err(e) => assert!(
            e.contains("floate2m1_t")
                && e.contains("GL_EXT_float_e2m1")
                && e.contains("not known at compile time"),
            "{e}"
        ),
    }
}

/// A shader of `stage` compiled for Vulkan 1.3 at -O0 and -O, each module checked by the
/// vendored validator.
fn compile_stage_both(stage: Stage, src: &str) -> [Vec<u32>; 2] {
    [false, true].map(|optimize| {
        let words = support::try_compile(stage, TargetEnv::Vulkan { minor: 3 }, src, optimize)
            .unwrap_or_else(|e| panic!("not written (optimize {optimize}): {e}"));
        support::check_vendored(&words, "vulkan1.3", &[]);
        words
    })
}

const OP_EXECUTION_MODE: u16 = 16;
const OP_VARIABLE: u16 = 59;
const OP_TYPE_POINTER: u16 = 32;

const TILE_COMPUTE: &str = "#version 460
#extension GL_QCOM_tile_shading : enable
layout(local_size_x = 16, local_size_y = 16) in;
layout(shading_rate_xQCOM = 2, shading_rate_yQCOM = 2, shading_rate_zQCOM = 3) in;
layout(set = 0, binding = 0, tile_attachmentQCOM, rgba32f) uniform highp image2D color;
void main() {
    uvec2 p = gl_TileOffsetQCOM + gl_TileDimensionQCOM.xy / 2u + gl_TileApronSizeQCOM;
    imageStore(color, ivec2(p), imageLoad(color, ivec2(gl_GlobalInvocationID.xy)) * 0.5);
}
";

#[test]
fn qcom_tile_shading_built_ins_attachments_and_rate() {
    for words in compile_stage_both(Stage::Compute, TILE_COMPUTE) {
        assert!(has(&words, OP_CAPABILITY, &[4495]), "TileShadingQCOM");
        assert!(has_extension(&words, "SPV_QCOM_tile_shading"));
        for b in [4492, 4493, 4494] {
            let decorated = instructions(&words).iter().any(|(o, ops)| {
                *o == OP_DECORATE && ops.get(1) == Some(&11) && ops.get(2) == Some(&b)
            });
            assert!(decorated, "BuiltIn {b}");
        }
        // The attachment in the TileAttachmentQCOM storage class.
        assert!(has(&words, OP_TYPE_POINTER, &[]));
        let tile_var = instructions(&words)
            .iter()
            .any(|(o, ops)| *o == OP_VARIABLE && ops.get(2) == Some(&4491));
        assert!(tile_var, "a TileAttachmentQCOM variable");
        // The rate replaces the workgroup size.
        let modes: Vec<Vec<u32>> = instructions(&words)
            .into_iter()
            .filter(|(o, _)| *o == OP_EXECUTION_MODE)
            .map(|(_, ops)| ops[1..].to_vec())
            .collect();
        assert!(modes.contains(&vec![4490, 2, 2, 3]), "{modes:?}");
        assert!(!modes.iter().any(|m| m[0] == 17), "LocalSize with the rate");
    }
}

#[test]
fn qcom_non_coherent_tile_reads_in_fragment_shaders() {
    let src = "#version 460
#extension GL_QCOM_tile_shading : enable
layout(non_coherent_attachment_readQCOM) in;
layout(set = 0, binding = 0, tile_attachmentQCOM, rgba32f) uniform readonly highp image2D color;
layout(location = 0) out vec4 o;
void main() { o = imageLoad(color, ivec2(gl_TileOffsetQCOM)); }
";
    for words in compile_stage_both(Stage::Fragment, src) {
        let non_coherent = instructions(&words)
            .iter()
            .any(|(o, ops)| *o == OP_EXECUTION_MODE && ops.get(1) == Some(&4489));
        assert!(non_coherent);
        assert!(has(&words, OP_CAPABILITY, &[4495]));
    }
}

const TENSORS: &str = "#version 460
#extension GL_ARM_tensors : enable
#extension GL_EXT_shader_explicit_arithmetic_types : enable
layout(set = 0, binding = 0) uniform tensorARM<int32_t, 2> t;
layout(set = 0, binding = 1) uniform tensorARM<float, 1> ts[2];
layout(set = 0, binding = 2, std430) buffer B { int32_t data[]; uint size; };
void main() {
    uint c[2] = uint[](1, 2);
    int32_t one;
    int32_t two[2];
    tensorReadARM(t, c, one, gl_TensorOperandsOutOfBoundsValueARM, 7);
    tensorReadARM(t, c, two);
    tensorReadARM(t, c, data[1]);
    tensorWriteARM(t, c, one + two[1]);
    size = tensorSizeARM(t, 1) + tensorSizeARM(ts[1], 0);
}
";

#[test]
fn arm_tensors_read_write_and_size() {
    const OP_TYPE_TENSOR: u16 = 4163;
    const OP_READ: u16 = 4164;
    const OP_WRITE: u16 = 4165;
    const OP_SIZE: u16 = 4166;
    for words in compile_stage_both(Stage::Compute, TENSORS) {
        assert!(has(&words, OP_CAPABILITY, &[4174]), "TensorsARM");
        assert!(has_extension(&words, "SPV_ARM_tensors"));
        assert_eq!(count(&words, OP_TYPE_TENSOR), 2);
        assert_eq!(count(&words, OP_READ), 3);
        assert_eq!(count(&words, OP_WRITE), 1);
        assert_eq!(count(&words, OP_SIZE), 2);
        // The out-of-bounds value rides on the first read: mask 2 and one more operand.
        let read_ops: Vec<usize> = instructions(&words)
            .iter()
            .filter(|(o, _)| *o == OP_READ)
            .map(|(_, ops)| ops.len())
            .collect();
        assert!(
            read_ops.contains(&6) && read_ops.contains(&4),
            "{read_ops:?}"
        );
    }
}

/// A boolean tensor read into buffer memory (where booleans are integers) is refused with
/// the operation named, not written with a mismatched type.
#[test]
fn boolean_tensor_data_in_buffer_memory_is_refused() {
    let src = "#version 460
#extension GL_ARM_tensors : enable
layout(set = 0, binding = 0) uniform tensorARM<bool, 1> t;
layout(set = 0, binding = 1, std430) buffer B { bool flag; };
void main() { tensorReadARM(t, uint[](0), flag); }
";
    let e = support::try_compile(Stage::Compute, TargetEnv::Vulkan { minor: 3 }, src, false)
        .expect_err("written");
    assert!(
        e.contains("tensorReadARM") && e.contains("boolean tensor"),
        "{e}"
    );
}

const COOPVEC: &str = "#version 450 core
#extension GL_NV_cooperative_vector : enable
#extension GL_EXT_shader_explicit_arithmetic_types : enable
#extension GL_KHR_memory_scope_semantics : enable
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) buffer M { float16_t data[]; } mb;
layout(set = 0, binding = 1) buffer O { float result[]; uint n; } ob;
void main() {
    coopvecNV<float, 4> a = coopvecNV<float, 4>(ob.n);
    coopvecNV<float, 4> b = coopvecNV<float, 4>(vec2(1.0, 2.0), ob.result[0], 4.0);
    a = a * b + a * 2.0;
    a = max(a, b);
    a[1] = ob.result[1];
    coopvecNV<float16_t, 8> h;
    coopVecLoadNV(h, mb.data, 16);
    coopvecNV<float, 4> r;
    coopVecMatMulNV(r, h, gl_ComponentTypeFloat16NV, mb.data, 64, gl_ComponentTypeFloat16NV, 4, 8,
                    gl_CooperativeVectorMatrixLayoutRowMajorNV, false, 16);
    ob.result[2] = r[0] + a[2];
    coopvecNV<float16_t, 4> rh = coopvecNV<float16_t, 4>(r);
    coopVecStoreNV(rh, mb.data, 32);
}
";

#[test]
fn nv_cooperative_vectors() {
    const OP_TYPE_COOPVEC: u16 = 5288;
    const OP_MATRIX_MUL: u16 = 5289;
    const OP_LOAD: u16 = 5302;
    const OP_STORE: u16 = 5303;
    const OP_VECTOR_TIMES_SCALAR: u16 = 142;
    for words in compile_stage_both(Stage::Compute, COOPVEC) {
        assert!(has(&words, OP_CAPABILITY, &[5394]), "CooperativeVectorNV");
        assert!(has_extension(&words, "SPV_NV_cooperative_vector"));
        assert!(count(&words, OP_TYPE_COOPVEC) >= 3);
        assert_eq!(count(&words, OP_MATRIX_MUL), 1);
        assert_eq!(count(&words, OP_LOAD), 1);
        assert_eq!(count(&words, OP_STORE), 1);
        assert!(count(&words, OP_VECTOR_TIMES_SCALAR) >= 1);
        // The uint constructor argument is converted as an unsigned integer.
        assert!(count(&words, OP_CONVERT_U_TO_F) >= 1);
        // float -> float16_t of the whole vector.
        assert!(count(&words, OP_F_CONVERT) >= 1);
    }
}

/// Shader files (`VENDOR_FILES=path,...`, the stage from the extension) compiled for
/// Vulkan 1.3 at -O0 and -O and validated by the vendored validator: a report, run by hand.
#[test]
#[ignore]
fn vendor_files() {
    let Ok(list) = std::env::var("VENDOR_FILES") else {
        eprintln!("VENDOR_FILES not set");
        return;
    };
    let (mut pass, mut fail) = (0, 0);
    for path in list.split(',').filter(|p| !p.is_empty()) {
        let src = std::fs::read_to_string(path).unwrap_or_default();
        let stage = match path.rsplit('.').next() {
            Some("frag") => Stage::Fragment,
            Some("vert") => Stage::Vertex,
            _ => Stage::Compute,
        };
        for optimize in [false, true] {
            let o = if optimize { "-O " } else { "-O0" };
            match support::try_compile(stage, TargetEnv::Vulkan { minor: 3 }, &src, optimize) {
                Err(e) => {
                    println!("FAIL {o} {path}: {}", e.lines().next().unwrap_or(""));
                    fail += 1;
                }
                Ok(words) => {
                    if std::env::var_os("VENDOR_FORMS_DUMP").is_some() {
                        println!("{}", spirv::disassemble(&words).unwrap_or_default());
                    }
                    match support::vendored_validate(
                        &words,
                        "vulkan1.3",
                        &["--scalar-block-layout"],
                    ) {
                        None => println!("SKIP {o} {path}"),
                        Some(Ok(())) => {
                            println!("PASS {o} {path}");
                            pass += 1;
                        }
                        Some(Err(e)) => {
                            println!("FAIL {o} {path}: val: {}", e.lines().next().unwrap_or(""));
                            fail += 1;
                        }
                    }
                }
            }
        }
    }
    println!("{pass} passed, {fail} failed");
}

/// The corpus shaders of these extensions (`VENDOR_CORPUS=substring,...`), each compiled at
/// -O0 and -O and validated by the vendored validator: a report, run by hand
/// (`cargo test -p fresnel-backend --test spirv vendor_type_forms:: -- --ignored --nocapture`).
#[test]
#[ignore]
fn corpus_vendor_shaders() {
    let Some(dir) = fresnel_corpus::corpus::corpus_dir() else {
        eprintln!("corpus not found");
        return;
    };
    let filters: Vec<String> = std::env::var("VENDOR_CORPUS")
        .unwrap_or_else(|_| "bfloat16,floate4m3,floate5m2,tileShading,coopvec,tensorARM".into())
        .split(',')
        .map(str::to_string)
        .collect();
    let jobs = fresnel_corpus::ircheck::jobs(&dir, &["glslang".to_string()]);
    let (mut pass, mut fail) = (0, 0);
    for job in jobs
        .iter()
        .filter(|j| filters.iter().any(|f| j.label.contains(f.as_str())))
    {
        for optimize in [false, true] {
            let opts = job.settings.options();
            let run = fresnel::lower_to_ir(
                fresnel::SourceInput::new(&job.label, &job.text),
                &opts,
                &mut fresnel::NoIncludes,
            );
            let Some(mut ir) = run.ir else { continue };
            if std::env::var_os("VENDOR_CORPUS_IR").is_some() && !optimize {
                println!("{ir}");
            }
            if optimize {
                let facts = fresnel_opt::TargetFacts::default();
                if fresnel_opt::optimize(&mut ir, fresnel_opt::OptLevel::O, facts).is_err() {
                    println!("FAIL -O {}: optimizer", job.label);
                    fail += 1;
                    continue;
                }
            }
            let requested = match job.settings.target {
                fresnel::TargetEnv::Vulkan { minor } => spirv::TargetEnv::Vulkan {
                    minor: minor.min(3),
                },
                _ => spirv::TargetEnv::OpenGl,
            };
            let env = spirv::required_target(&ir, requested);
            let o = if optimize { "-O " } else { "-O0" };
            let words = match spirv::emit(
                &ir,
                &spirv::SpirvOptions {
                    target: env,
                    ..spirv::SpirvOptions::default()
                },
            ) {
                Ok(w) => w,
                Err(e) => {
                    println!("FAIL {o} {}: emit: {}", job.label, e.message);
                    fail += 1;
                    continue;
                }
            };
            let scalar = ir
                .vars
                .iter()
                .any(|(_, v)| v.packing == Some(fresnel_ir::BlockPacking::Scalar));
            let flags: &[&str] = if scalar {
                &["--scalar-block-layout"]
            } else {
                &[]
            };
            match support::vendored_validate(&words, env.val_name(), flags) {
                None => {
                    println!("SKIP {o} {}: SPIRV_VAL_VENDORED not set", job.label);
                }
                Some(Ok(())) => {
                    println!("PASS {o} {}", job.label);
                    pass += 1;
                }
                Some(Err(e)) => {
                    println!(
                        "FAIL {o} {}: val: {}",
                        job.label,
                        e.lines().next().unwrap_or("")
                    );
                    if let Some(d) = std::env::var_os("FRESNEL_SPV_DUMP") {
                        let name = job.label.replace(['/', ':', ' '], "_");
                        let _ = std::fs::write(
                            std::path::Path::new(&d).join(format!("{name}{}.spv", o.trim())),
                            spirv::to_bytes(&words),
                        );
                    }
                    fail += 1;
                }
            }
        }
    }
    println!("{pass} passed, {fail} failed");
}
