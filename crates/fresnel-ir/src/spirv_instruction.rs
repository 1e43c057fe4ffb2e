//! GL_EXT_spirv_intrinsics `spirv_instruction(set = "...", id = N)` prototypes (issue 5): a
//! call of such a function is the `spirv_instruction` intrinsic (`spirv_instruction_value`
//! with a result), which a SPIR-V back end writes as `OpExtInst` of the set (imported with
//! `OpExtInstImport`) or, without a set, as the raw instruction `N`; its indices:
//!
//! * `base`: the instruction number `N`;
//! * `set`: the extended instruction set, by name (a position in [`SPIRV_EXT_INST_SETS`];
//!   absent for a raw instruction);
//! * `kinds`: the SPIR-V kind of the result then of each source ([`SpirvKind`], printed as
//!   letters: `u:ff` is a `uint` result from two floats); a result of kind `o` (a
//!   `spirv_type`, structure or array: `o:pu`) is stored through the first source, a
//!   pointer, and the intrinsic has no SSA result;
//! * `caps`, `exts`: the capabilities and SPIR-V extensions the prototype declares.
//!
//! Sources are values, derefs (`spirv_by_reference` parameters: the pointer; opaque
//! objects: the object loaded from it) or constants written as literal words
//! (`spirv_literal`).

use crate::intrinsic::IndexKind;

/// Extended instruction sets a `spirv_instruction` may name.
pub const SPIRV_EXT_INST_SETS: &[&str] = &[
    "GLSL.std.450",
    "OpenCL.std",
    "SPV_AMD_shader_ballot",
    "SPV_AMD_shader_explicit_vertex_parameter",
    "SPV_AMD_shader_trinary_minmax",
    "SPV_AMD_gcn_shader",
    "NonSemantic.DebugPrintf",
    "NonSemantic.DebugBreak",
    "NonSemantic.Shader.DebugInfo.100",
    "NonSemantic.ClspvReflection.6",
    // (Appended: the positions above are kept.) The other sets of the SPIR-V registry's
    // extended instruction set grammars.
    "OpenCL.DebugInfo.100",
    "DebugInfo",
];

/// SPIR-V extensions a `spirv_instruction` may declare (static names for the back ends).
pub const SPIRV_EXTENSIONS: &[&str] = &[
    "SPV_AMD_gcn_shader",
    "SPV_AMD_shader_ballot",
    "SPV_AMD_shader_explicit_vertex_parameter",
    "SPV_AMD_shader_trinary_minmax",
    "SPV_EXT_demote_to_helper_invocation",
    "SPV_EXT_descriptor_indexing",
    "SPV_EXT_fragment_shader_interlock",
    "SPV_EXT_mesh_shader",
    "SPV_EXT_physical_storage_buffer",
    "SPV_EXT_shader_stencil_export",
    "SPV_GOOGLE_hlsl_functionality1",
    "SPV_KHR_16bit_storage",
    "SPV_KHR_8bit_storage",
    "SPV_KHR_cooperative_matrix",
    "SPV_KHR_non_semantic_info",
    "SPV_KHR_physical_storage_buffer",
    "SPV_KHR_ray_query",
    "SPV_KHR_ray_tracing",
    "SPV_KHR_shader_clock",
    "SPV_KHR_variable_pointers",
    "SPV_NV_cooperative_matrix",
    "SPV_NV_mesh_shader",
    "SPV_NV_ray_tracing",
    "SPV_NV_shader_invocation_reorder",
];

/// What a result or source of a `spirv_instruction` is in SPIR-V.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum SpirvKind {
    /// No result.
    Void,
    Float,
    Int,
    Uint,
    Bool,
    /// A pointer: the deref's variable or access chain (`spirv_by_reference`).
    Pointer,
    /// A constant written as a literal word (`spirv_literal`).
    Literal,
    /// An opaque object passed by value: loaded through the deref. As a result kind: the
    /// result is stored through the first source (a `Pointer`).
    Object,
}

const KIND_LETTERS: &[(SpirvKind, char)] = &[
    (SpirvKind::Void, 'v'),
    (SpirvKind::Float, 'f'),
    (SpirvKind::Int, 'i'),
    (SpirvKind::Uint, 'u'),
    (SpirvKind::Bool, 'b'),
    (SpirvKind::Pointer, 'p'),
    (SpirvKind::Literal, 'l'),
    (SpirvKind::Object, 'o'),
];

/// Most sources a `spirv_instruction` takes (the kinds fit in one index).
pub const MAX_SPIRV_SOURCES: usize = 18;

fn code(k: SpirvKind) -> i64 {
    KIND_LETTERS.iter().position(|(x, _)| *x == k).unwrap_or(0) as i64
}

/// The `kinds` index of a result kind and source kinds (`None`: too many sources).
pub fn encode_kinds(result: SpirvKind, srcs: &[SpirvKind]) -> Option<i64> {
    if srcs.len() > MAX_SPIRV_SOURCES {
        return None;
    }
    let mut v = (srcs.len() + 1) as i64;
    for (i, k) in std::iter::once(&result).chain(srcs).enumerate() {
        v |= code(*k) << (5 + 3 * i);
    }
    Some(v)
}

/// The result kind and source kinds of a `kinds` index.
pub fn decode_kinds(v: i64) -> Option<(SpirvKind, Vec<SpirvKind>)> {
    let n = usize::try_from(v & 31).ok()?;
    if n == 0 || n > MAX_SPIRV_SOURCES + 1 || v < 0 || (v >> (5 + 3 * n)) != 0 {
        return None;
    }
    let mut all = (0..n).map(|i| KIND_LETTERS[((v >> (5 + 3 * i)) & 7) as usize].0);
    let r = all.next()?;
    Some((r, all.collect()))
}

/// Most capabilities and extensions one instruction declares.
pub const MAX_SPIRV_CAPS: usize = 3;

/// The `caps` index of capabilities (16 bits each; `None` when they do not fit).
pub fn encode_caps(caps: &[u32]) -> Option<i64> {
    if caps.len() > MAX_SPIRV_CAPS || caps.iter().any(|c| *c == 0 || *c > 0xffff) {
        return None;
    }
    Some(
        caps.iter()
            .enumerate()
            .fold(0i64, |acc, (i, c)| acc | (i64::from(*c) << (16 * i))),
    )
}

pub fn decode_caps(v: i64) -> Vec<u32> {
    (0..MAX_SPIRV_CAPS)
        .map(|i| ((v >> (16 * i)) & 0xffff) as u32)
        .filter(|c| *c != 0)
        .collect()
}

/// The `exts` index of extensions (positions in [`SPIRV_EXTENSIONS`] plus one, 8 bits each).
pub fn encode_exts(exts: &[&str]) -> Option<i64> {
    if exts.len() > 7 {
        return None;
    }
    let mut v = 0i64;
    for (i, e) in exts.iter().enumerate() {
        let p = SPIRV_EXTENSIONS.iter().position(|x| x == e)? as i64 + 1;
        v |= p << (8 * i);
    }
    Some(v)
}

pub fn decode_exts(v: i64) -> Vec<&'static str> {
    (0..7)
        .filter_map(|i| {
            let p = ((v >> (8 * i)) & 0xff) as usize;
            p.checked_sub(1)
                .and_then(|p| SPIRV_EXTENSIONS.get(p).copied())
        })
        .collect()
}

/// Whether an index kind is one of this instruction's (printed as a quoted string).
pub fn is_spirv_index(k: IndexKind) -> bool {
    matches!(
        k,
        IndexKind::SpirvSet | IndexKind::SpirvKinds | IndexKind::SpirvCaps | IndexKind::SpirvExts
    )
}

/// The text of an index value (without quotes); `None` when it is not a valid value.
pub fn index_text(k: IndexKind, v: i64) -> Option<String> {
    match k {
        IndexKind::SpirvSet => usize::try_from(v)
            .ok()
            .and_then(|i| SPIRV_EXT_INST_SETS.get(i))
            .map(|s| s.to_string()),
        IndexKind::SpirvKinds => {
            let (r, srcs) = decode_kinds(v)?;
            let letter = |k: SpirvKind| {
                KIND_LETTERS
                    .iter()
                    .find(|(x, _)| *x == k)
                    .map_or('?', |(_, c)| *c)
            };
            let mut s = String::new();
            s.push(letter(r));
            s.push(':');
            s.extend(srcs.into_iter().map(letter));
            Some(s)
        }
        IndexKind::SpirvCaps => {
            if v < 0 || (v >> (16 * MAX_SPIRV_CAPS)) != 0 {
                return None;
            }
            let c: Vec<String> = decode_caps(v).iter().map(u32::to_string).collect();
            Some(c.join(","))
        }
        IndexKind::SpirvExts => {
            if v < 0 || (v >> 56) != 0 {
                return None;
            }
            Some(decode_exts(v).join(","))
        }
        _ => None,
    }
}

/// The value of an index written as text (what [`index_text`] prints).
pub fn index_from_text(k: IndexKind, s: &str) -> Option<i64> {
    match k {
        IndexKind::SpirvSet => SPIRV_EXT_INST_SETS
            .iter()
            .position(|x| *x == s)
            .map(|i| i as i64),
        IndexKind::SpirvKinds => {
            let (r, srcs) = s.split_once(':')?;
            let kind = |c: char| KIND_LETTERS.iter().find(|(_, l)| *l == c).map(|(k, _)| *k);
            let mut rc = r.chars();
            let rk = kind(rc.next()?)?;
            if rc.next().is_some() {
                return None;
            }
            let sk: Option<Vec<SpirvKind>> = srcs.chars().map(kind).collect();
            encode_kinds(rk, &sk?)
        }
        IndexKind::SpirvCaps => {
            if s.is_empty() {
                return Some(0);
            }
            let caps: Option<Vec<u32>> = s.split(',').map(|c| c.parse().ok()).collect();
            encode_caps(&caps?)
        }
        IndexKind::SpirvExts => {
            if s.is_empty() {
                return Some(0);
            }
            let exts: Vec<&str> = s.split(',').collect();
            encode_exts(&exts)
        }
        _ => None,
    }
}
