//! SPIR-V statistics, counted exactly as `../shared/tools/refc` counts a module (so our
//! figures and the glslang + spirv-opt peer's compare directly): `total` is every
//! instruction but debug instructions and annotations; `function_body` the instructions of
//! function bodies after the `OpFunction`/`OpFunctionParameter` header and before
//! `OpFunctionEnd` (labels, variables and terminators included, debug instructions not).

/// Counts of one module.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SpirvStats {
    pub total: u64,
    pub all: u64,
    pub function_body: u64,
    pub blocks: u64,
    pub functions: u64,
    pub annotations: u64,
    pub debug: u64,
    pub bytes: u64,
}

const OP_EXT_INST_IMPORT: u32 = 11;
const OP_EXT_INST: u32 = 12;
const OP_FUNCTION: u32 = 54;
const OP_FUNCTION_PARAMETER: u32 = 55;
const OP_FUNCTION_END: u32 = 56;
const OP_LABEL: u32 = 248;

fn is_debug_op(op: u32) -> bool {
    // OpSourceContinued, OpSource, OpSourceExtension, OpName, OpMemberName, OpString,
    // OpLine, OpNoLine, OpModuleProcessed.
    matches!(op, 2..=8 | 317 | 330)
}

fn is_annotation(op: u32) -> bool {
    // OpDecorate, OpMemberDecorate, OpDecorationGroup, OpGroupDecorate,
    // OpGroupMemberDecorate, OpDecorateId, OpDecorateString, OpMemberDecorateString.
    matches!(op, 71..=75 | 332 | 5632 | 5633)
}

/// Counts a module's instructions; `None` when the words are not a well-formed module.
pub fn stats(words: &[u32]) -> Option<SpirvStats> {
    if words.len() < 5 || words[0] != 0x0723_0203 {
        return None;
    }
    let mut s = SpirvStats {
        bytes: words.len() as u64 * 4,
        ..SpirvStats::default()
    };
    let mut nonsemantic: Vec<u32> = Vec::new();
    let (mut in_fn, mut in_header) = (false, false);
    let mut i = 5;
    while i < words.len() {
        let w = words[i];
        let (count, op) = ((w >> 16) as usize, w & 0xffff);
        if count == 0 || i + count > words.len() {
            return None;
        }
        let operands = &words[i + 1..i + count];
        i += count;
        s.all += 1;
        if op == OP_EXT_INST_IMPORT && operands.len() > 1 {
            let name: Vec<u8> = operands[1..]
                .iter()
                .flat_map(|w| w.to_le_bytes())
                .take_while(|&b| b != 0)
                .collect();
            if name.starts_with(b"NonSemantic.") {
                nonsemantic.push(operands[0]);
            }
        }
        let debug = is_debug_op(op)
            || (op == OP_EXT_INST && operands.len() > 2 && nonsemantic.contains(&operands[2]))
            || (op == OP_EXT_INST_IMPORT
                && operands.first().is_some_and(|r| nonsemantic.contains(r)));
        if debug {
            s.debug += 1;
        }
        if is_annotation(op) {
            s.annotations += 1;
        }
        if op == OP_FUNCTION {
            in_fn = true;
            in_header = true;
            s.functions += 1;
        }
        if in_fn && !in_header && op != OP_FUNCTION_END && !debug {
            s.function_body += 1;
            s.blocks += u64::from(op == OP_LABEL);
        }
        if op == OP_FUNCTION_END {
            in_fn = false;
        } else if in_header && op != OP_FUNCTION && op != OP_FUNCTION_PARAMETER && !debug {
            in_header = false;
            s.function_body += 1;
            s.blocks += u64::from(op == OP_LABEL);
        }
    }
    s.total = s.all - s.debug - s.annotations;
    Some(s)
}
