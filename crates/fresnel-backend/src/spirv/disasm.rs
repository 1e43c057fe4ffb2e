//! A small disassembler for the modules this back end writes (`fresnel compile --emit
//! spirv-asm`): one instruction per line in `spirv-dis` style with raw ids (`%12 = OpLoad %5
//! %7`). Enumerants are printed as numbers. Opcodes it does not know are printed as
//! `Op<number>` with their operand words. It never panics on malformed input.

use std::fmt::Write;

use super::spec::op;
use super::SpirvError;

/// Operand layouts: `T` result type, `R` result id, `i` id, `l` literal, `s` string,
/// `m` optional literal mask then ids, `*i` / `*l` the rest as ids / literals.
fn layout(opcode: u16) -> Option<(&'static str, &'static str)> {
    Some(match opcode {
        op::UNDEF => ("OpUndef", "T R"),
        op::NAME => ("OpName", "i s"),
        op::MEMBER_NAME => ("OpMemberName", "i l s"),
        op::EXTENSION => ("OpExtension", "s"),
        op::EXT_INST_IMPORT => ("OpExtInstImport", "R s"),
        op::EXT_INST => ("OpExtInst", "T R i l *i"),
        op::MEMORY_MODEL => ("OpMemoryModel", "l l"),
        op::ENTRY_POINT => ("OpEntryPoint", "l i s *i"),
        op::EXECUTION_MODE => ("OpExecutionMode", "i *l"),
        op::CAPABILITY => ("OpCapability", "l"),
        op::TYPE_VOID => ("OpTypeVoid", "R"),
        op::TYPE_BOOL => ("OpTypeBool", "R"),
        op::TYPE_INT => ("OpTypeInt", "R l l"),
        op::TYPE_FLOAT => ("OpTypeFloat", "R l"),
        op::TYPE_VECTOR => ("OpTypeVector", "R i l"),
        op::TYPE_MATRIX => ("OpTypeMatrix", "R i l"),
        op::TYPE_IMAGE => ("OpTypeImage", "R i *l"),
        op::TYPE_SAMPLER => ("OpTypeSampler", "R"),
        op::TYPE_SAMPLED_IMAGE => ("OpTypeSampledImage", "R i"),
        op::TYPE_ARRAY => ("OpTypeArray", "R i i"),
        op::TYPE_RUNTIME_ARRAY => ("OpTypeRuntimeArray", "R i"),
        op::TYPE_STRUCT => ("OpTypeStruct", "R *i"),
        op::TYPE_POINTER => ("OpTypePointer", "R l i"),
        op::TYPE_FUNCTION => ("OpTypeFunction", "R *i"),
        op::CONSTANT_TRUE => ("OpConstantTrue", "T R"),
        op::CONSTANT_FALSE => ("OpConstantFalse", "T R"),
        op::CONSTANT => ("OpConstant", "T R *l"),
        op::CONSTANT_COMPOSITE => ("OpConstantComposite", "T R *i"),
        op::SPEC_CONSTANT_TRUE => ("OpSpecConstantTrue", "T R"),
        op::SPEC_CONSTANT_FALSE => ("OpSpecConstantFalse", "T R"),
        op::SPEC_CONSTANT => ("OpSpecConstant", "T R *l"),
        op::SPEC_CONSTANT_COMPOSITE => ("OpSpecConstantComposite", "T R *i"),
        op::FUNCTION => ("OpFunction", "T R l i"),
        op::FUNCTION_PARAMETER => ("OpFunctionParameter", "T R"),
        op::FUNCTION_END => ("OpFunctionEnd", ""),
        op::FUNCTION_CALL => ("OpFunctionCall", "T R *i"),
        op::VARIABLE => ("OpVariable", "T R l *i"),
        op::IMAGE_TEXEL_POINTER => ("OpImageTexelPointer", "T R *i"),
        op::LOAD => ("OpLoad", "T R i *l"),
        op::STORE => ("OpStore", "i i *l"),
        op::COPY_MEMORY => ("OpCopyMemory", "i i *l"),
        op::ACCESS_CHAIN => ("OpAccessChain", "T R *i"),
        op::ARRAY_LENGTH => ("OpArrayLength", "T R i l"),
        op::DECORATE => ("OpDecorate", "i *l"),
        op::MEMBER_DECORATE => ("OpMemberDecorate", "i l *l"),
        op::VECTOR_SHUFFLE => ("OpVectorShuffle", "T R i i *l"),
        op::COMPOSITE_CONSTRUCT => ("OpCompositeConstruct", "T R *i"),
        op::COMPOSITE_EXTRACT => ("OpCompositeExtract", "T R i *l"),
        op::SAMPLED_IMAGE => ("OpSampledImage", "T R i i"),
        op::IMAGE_SAMPLE_IMPLICIT_LOD => ("OpImageSampleImplicitLod", "T R i i m"),
        op::IMAGE_SAMPLE_EXPLICIT_LOD => ("OpImageSampleExplicitLod", "T R i i m"),
        op::IMAGE_SAMPLE_DREF_IMPLICIT_LOD => ("OpImageSampleDrefImplicitLod", "T R i i i m"),
        op::IMAGE_SAMPLE_DREF_EXPLICIT_LOD => ("OpImageSampleDrefExplicitLod", "T R i i i m"),
        op::IMAGE_FETCH => ("OpImageFetch", "T R i i m"),
        op::IMAGE_GATHER => ("OpImageGather", "T R i i i m"),
        op::IMAGE_DREF_GATHER => ("OpImageDrefGather", "T R i i i m"),
        op::IMAGE_READ => ("OpImageRead", "T R i i m"),
        op::IMAGE_WRITE => ("OpImageWrite", "i i i m"),
        op::IMAGE => ("OpImage", "T R i"),
        op::IMAGE_QUERY_SIZE_LOD => ("OpImageQuerySizeLod", "T R i i"),
        op::IMAGE_QUERY_SIZE => ("OpImageQuerySize", "T R i"),
        op::IMAGE_QUERY_LOD => ("OpImageQueryLod", "T R i i"),
        op::IMAGE_QUERY_LEVELS => ("OpImageQueryLevels", "T R i"),
        op::IMAGE_QUERY_SAMPLES => ("OpImageQuerySamples", "T R i"),
        op::CONVERT_F_TO_U => ("OpConvertFToU", "T R *i"),
        op::CONVERT_F_TO_S => ("OpConvertFToS", "T R *i"),
        op::CONVERT_S_TO_F => ("OpConvertSToF", "T R *i"),
        op::CONVERT_U_TO_F => ("OpConvertUToF", "T R *i"),
        op::U_CONVERT => ("OpUConvert", "T R *i"),
        op::S_CONVERT => ("OpSConvert", "T R *i"),
        op::F_CONVERT => ("OpFConvert", "T R *i"),
        op::QUANTIZE_TO_F16 => ("OpQuantizeToF16", "T R *i"),
        op::BITCAST => ("OpBitcast", "T R *i"),
        op::S_NEGATE => ("OpSNegate", "T R *i"),
        op::F_NEGATE => ("OpFNegate", "T R *i"),
        op::I_ADD => ("OpIAdd", "T R *i"),
        op::F_ADD => ("OpFAdd", "T R *i"),
        op::I_SUB => ("OpISub", "T R *i"),
        op::F_SUB => ("OpFSub", "T R *i"),
        op::I_MUL => ("OpIMul", "T R *i"),
        op::F_MUL => ("OpFMul", "T R *i"),
        op::U_DIV => ("OpUDiv", "T R *i"),
        op::S_DIV => ("OpSDiv", "T R *i"),
        op::F_DIV => ("OpFDiv", "T R *i"),
        op::U_MOD => ("OpUMod", "T R *i"),
        op::S_REM => ("OpSRem", "T R *i"),
        op::F_MOD => ("OpFMod", "T R *i"),
        op::DOT => ("OpDot", "T R *i"),
        op::I_ADD_CARRY => ("OpIAddCarry", "T R *i"),
        op::I_SUB_BORROW => ("OpISubBorrow", "T R *i"),
        op::U_MUL_EXTENDED => ("OpUMulExtended", "T R *i"),
        op::S_MUL_EXTENDED => ("OpSMulExtended", "T R *i"),
        op::ANY => ("OpAny", "T R *i"),
        op::ALL => ("OpAll", "T R *i"),
        op::IS_NAN => ("OpIsNan", "T R *i"),
        op::IS_INF => ("OpIsInf", "T R *i"),
        op::LOGICAL_EQUAL => ("OpLogicalEqual", "T R *i"),
        op::LOGICAL_NOT_EQUAL => ("OpLogicalNotEqual", "T R *i"),
        op::LOGICAL_OR => ("OpLogicalOr", "T R *i"),
        op::LOGICAL_AND => ("OpLogicalAnd", "T R *i"),
        op::LOGICAL_NOT => ("OpLogicalNot", "T R *i"),
        op::SELECT => ("OpSelect", "T R *i"),
        op::I_EQUAL => ("OpIEqual", "T R *i"),
        op::I_NOT_EQUAL => ("OpINotEqual", "T R *i"),
        op::U_GREATER_THAN_EQUAL => ("OpUGreaterThanEqual", "T R *i"),
        op::S_GREATER_THAN_EQUAL => ("OpSGreaterThanEqual", "T R *i"),
        op::U_LESS_THAN => ("OpULessThan", "T R *i"),
        op::S_LESS_THAN => ("OpSLessThan", "T R *i"),
        op::F_ORD_EQUAL => ("OpFOrdEqual", "T R *i"),
        op::F_UNORD_NOT_EQUAL => ("OpFUnordNotEqual", "T R *i"),
        op::F_ORD_LESS_THAN => ("OpFOrdLessThan", "T R *i"),
        op::F_ORD_GREATER_THAN_EQUAL => ("OpFOrdGreaterThanEqual", "T R *i"),
        op::SHIFT_RIGHT_LOGICAL => ("OpShiftRightLogical", "T R *i"),
        op::SHIFT_RIGHT_ARITHMETIC => ("OpShiftRightArithmetic", "T R *i"),
        op::SHIFT_LEFT_LOGICAL => ("OpShiftLeftLogical", "T R *i"),
        op::BITWISE_OR => ("OpBitwiseOr", "T R *i"),
        op::BITWISE_XOR => ("OpBitwiseXor", "T R *i"),
        op::BITWISE_AND => ("OpBitwiseAnd", "T R *i"),
        op::NOT => ("OpNot", "T R *i"),
        op::BIT_FIELD_INSERT => ("OpBitFieldInsert", "T R *i"),
        op::BIT_FIELD_S_EXTRACT => ("OpBitFieldSExtract", "T R *i"),
        op::BIT_FIELD_U_EXTRACT => ("OpBitFieldUExtract", "T R *i"),
        op::BIT_REVERSE => ("OpBitReverse", "T R *i"),
        op::BIT_COUNT => ("OpBitCount", "T R *i"),
        op::DPDX => ("OpDPdx", "T R *i"),
        op::DPDY => ("OpDPdy", "T R *i"),
        op::DPDX_FINE => ("OpDPdxFine", "T R *i"),
        op::DPDY_FINE => ("OpDPdyFine", "T R *i"),
        op::DPDX_COARSE => ("OpDPdxCoarse", "T R *i"),
        op::DPDY_COARSE => ("OpDPdyCoarse", "T R *i"),
        op::EMIT_VERTEX => ("OpEmitVertex", ""),
        op::END_PRIMITIVE => ("OpEndPrimitive", ""),
        op::EMIT_STREAM_VERTEX => ("OpEmitStreamVertex", "i"),
        op::END_STREAM_PRIMITIVE => ("OpEndStreamPrimitive", "i"),
        op::CONTROL_BARRIER => ("OpControlBarrier", "*i"),
        op::MEMORY_BARRIER => ("OpMemoryBarrier", "*i"),
        op::ATOMIC_LOAD => ("OpAtomicLoad", "T R *i"),
        op::ATOMIC_STORE => ("OpAtomicStore", "*i"),
        op::ATOMIC_EXCHANGE => ("OpAtomicExchange", "T R *i"),
        op::ATOMIC_COMPARE_EXCHANGE => ("OpAtomicCompareExchange", "T R *i"),
        op::ATOMIC_I_INCREMENT => ("OpAtomicIIncrement", "T R *i"),
        op::ATOMIC_I_DECREMENT => ("OpAtomicIDecrement", "T R *i"),
        op::ATOMIC_I_ADD => ("OpAtomicIAdd", "T R *i"),
        op::ATOMIC_S_MIN => ("OpAtomicSMin", "T R *i"),
        op::ATOMIC_U_MIN => ("OpAtomicUMin", "T R *i"),
        op::ATOMIC_S_MAX => ("OpAtomicSMax", "T R *i"),
        op::ATOMIC_U_MAX => ("OpAtomicUMax", "T R *i"),
        op::ATOMIC_AND => ("OpAtomicAnd", "T R *i"),
        op::ATOMIC_OR => ("OpAtomicOr", "T R *i"),
        op::ATOMIC_XOR => ("OpAtomicXor", "T R *i"),
        op::PHI => ("OpPhi", "T R *i"),
        op::LOOP_MERGE => ("OpLoopMerge", "i i *l"),
        op::SELECTION_MERGE => ("OpSelectionMerge", "i l"),
        op::LABEL => ("OpLabel", "R"),
        op::BRANCH => ("OpBranch", "i"),
        op::BRANCH_CONDITIONAL => ("OpBranchConditional", "i i i *l"),
        op::KILL => ("OpKill", ""),
        op::RETURN => ("OpReturn", ""),
        op::RETURN_VALUE => ("OpReturnValue", "i"),
        op::UNREACHABLE => ("OpUnreachable", ""),
        op::TERMINATE_INVOCATION => ("OpTerminateInvocation", ""),
        op::DEMOTE_TO_HELPER_INVOCATION => ("OpDemoteToHelperInvocation", ""),
        op::IS_HELPER_INVOCATION => ("OpIsHelperInvocationEXT", "T R"),
        op::GROUP_NON_UNIFORM_ELECT => ("OpGroupNonUniformElect", "T R *i"),
        op::GROUP_NON_UNIFORM_ALL => ("OpGroupNonUniformAll", "T R *i"),
        op::GROUP_NON_UNIFORM_ANY => ("OpGroupNonUniformAny", "T R *i"),
        op::GROUP_NON_UNIFORM_ALL_EQUAL => ("OpGroupNonUniformAllEqual", "T R *i"),
        op::GROUP_NON_UNIFORM_BROADCAST => ("OpGroupNonUniformBroadcast", "T R *i"),
        op::GROUP_NON_UNIFORM_BROADCAST_FIRST => ("OpGroupNonUniformBroadcastFirst", "T R *i"),
        op::GROUP_NON_UNIFORM_BALLOT => ("OpGroupNonUniformBallot", "T R *i"),
        op::GROUP_NON_UNIFORM_SHUFFLE => ("OpGroupNonUniformShuffle", "T R *i"),
        349..=364 => ("OpGroupNonUniformArithmetic", "T R i l *i"),
        _ => return None,
    })
}

/// Decodes a literal string starting at `words[at]`: the text and the words it took.
fn read_str(words: &[u32], at: usize) -> (String, usize) {
    let mut bytes = Vec::new();
    let mut used = 0;
    for &w in words.get(at..).unwrap_or(&[]) {
        used += 1;
        let mut done = false;
        for b in w.to_le_bytes() {
            if b == 0 {
                done = true;
                break;
            }
            bytes.push(b);
        }
        if done {
            break;
        }
    }
    (String::from_utf8_lossy(&bytes).into_owned(), used)
}

/// The module as text.
pub fn disassemble(words: &[u32]) -> Result<String, SpirvError> {
    if words.len() < 5 || words[0] != 0x0723_0203 {
        return Err(SpirvError::new("not a SPIR-V module (bad magic number)"));
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "; SPIR-V\n; Version: {}.{}\n; Bound: {}",
        (words[1] >> 16) & 0xff,
        (words[1] >> 8) & 0xff,
        words[3]
    );
    let mut i = 5;
    while i < words.len() {
        let count = (words[i] >> 16) as usize;
        let opcode = (words[i] & 0xffff) as u16;
        if count == 0 || i + count > words.len() {
            return Err(SpirvError::new(format!(
                "malformed instruction at word {i}"
            )));
        }
        let ops = &words[i + 1..i + count];
        i += count;
        let Some((name, pattern)) = layout(opcode) else {
            let rest: Vec<String> = ops.iter().map(|w| w.to_string()).collect();
            let _ = writeln!(out, "{:>16}Op<{opcode}> {}", "", rest.join(" "));
            continue;
        };
        let mut k = 0;
        let mut result = None;
        let mut parts: Vec<String> = Vec::new();
        for tok in pattern.split_whitespace() {
            match tok {
                "T" => {
                    if let Some(w) = ops.get(k) {
                        parts.push(format!("%{w}"));
                    }
                    k += 1;
                }
                "R" => {
                    result = ops.get(k).copied();
                    k += 1;
                }
                "i" => {
                    if let Some(w) = ops.get(k) {
                        parts.push(format!("%{w}"));
                    }
                    k += 1;
                }
                "l" => {
                    if let Some(w) = ops.get(k) {
                        parts.push(w.to_string());
                    }
                    k += 1;
                }
                "s" => {
                    let (s, used) = read_str(ops, k);
                    parts.push(format!("{s:?}"));
                    k += used;
                }
                "m" => {
                    if let Some(w) = ops.get(k) {
                        parts.push(format!("0x{w:x}"));
                        k += 1;
                        for w in ops.get(k..).unwrap_or(&[]) {
                            parts.push(format!("%{w}"));
                        }
                        k = ops.len();
                    }
                }
                "*i" => {
                    for w in ops.get(k..).unwrap_or(&[]) {
                        parts.push(format!("%{w}"));
                    }
                    k = ops.len();
                }
                _ => {
                    for w in ops.get(k..).unwrap_or(&[]) {
                        parts.push(w.to_string());
                    }
                    k = ops.len();
                }
            }
        }
        let lhs = match result {
            Some(r) => format!("%{r} ="),
            None => String::new(),
        };
        let sep = if parts.is_empty() { "" } else { " " };
        let _ = writeln!(out, "{lhs:>15} {name}{sep}{}", parts.join(" "));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_results_and_strings() {
        let mut w = super::super::writer::Words::new();
        w.inst(op::CAPABILITY, &[1]);
        w.inst_str(op::EXT_INST_IMPORT, &[1], "GLSL.std.450", &[]);
        w.inst(op::TYPE_FLOAT, &[2, 32]);
        let mut words = super::super::writer::header((1, 0), 3).to_vec();
        words.extend(&w.words);
        let text = disassemble(&words).expect("valid");
        assert!(text.contains("OpCapability 1"), "{text}");
        assert!(
            text.contains("%1 = OpExtInstImport \"GLSL.std.450\""),
            "{text}"
        );
        assert!(text.contains("%2 = OpTypeFloat 32"), "{text}");
    }

    #[test]
    fn malformed_input_is_an_error() {
        assert!(disassemble(&[1, 2, 3]).is_err());
        let mut words = super::super::writer::header((1, 0), 3).to_vec();
        words.push((9 << 16) | 17);
        assert!(disassemble(&words).is_err());
    }
}
