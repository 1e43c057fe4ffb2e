//! `spirv_type(...)` types (GL_EXT_spirv_intrinsics; issue 5, helper B). The checker names
//! such a type by its canonical text (`fresnel-sema/src/check/spirv_type.rs`), which
//! reaches the IR as `Type::Opaque(text)`: `spirv_type(extensions = [SPV_X],
//! capabilities = [5347], id = 32, 5349, uint)`. Here the text is read back and the type
//! declared as `OpType<id>` with the integer operands as literal words and the type
//! operands as type ids, after its capabilities and extensions.

use fresnel_ir::BaseType;

use super::types::Kind;
use super::{Module, Result, SpirvError};

/// SPIR-V extensions a `spirv_type` may ask for (the module's extension set holds static
/// names): the same list `spirv_instruction` declarations draw from.
const KNOWN_EXTENSIONS: &[&str] = fresnel_ir::spirv_instruction::SPIRV_EXTENSIONS;

/// The parts of a canonical `spirv_type` text.
#[derive(Debug, PartialEq, Eq)]
struct SpirvTypeText<'a> {
    extensions: Vec<&'a str>,
    capabilities: Vec<u32>,
    id: u32,
    /// Literal words (`Ok`) and type names (`Err`), in order.
    operands: Vec<std::result::Result<u32, &'a str>>,
}

/// Splits at the commas outside brackets.
fn split_top(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    for (i, c) in s.char_indices() {
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(s[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    if !s[start..].trim().is_empty() {
        out.push(s[start..].trim());
    }
    out
}

fn list(s: &str) -> Option<Vec<&str>> {
    let inner = s.strip_prefix('[')?.strip_suffix(']')?;
    Some(split_top(inner))
}

fn parse(text: &str) -> Option<SpirvTypeText<'_>> {
    let inner = text.strip_prefix("spirv_type(")?.strip_suffix(')')?;
    let mut t = SpirvTypeText {
        extensions: Vec::new(),
        capabilities: Vec::new(),
        id: 0,
        operands: Vec::new(),
    };
    let mut have_id = false;
    for part in split_top(inner) {
        if let Some(v) = part.strip_prefix("extensions = ") {
            t.extensions = list(v)?;
        } else if let Some(v) = part.strip_prefix("capabilities = ") {
            for c in list(v)? {
                t.capabilities.push(c.parse().ok()?);
            }
        } else if let Some(v) = part.strip_prefix("id = ") {
            t.id = v.parse().ok()?;
            have_id = true;
        } else if let Ok(n) = part.parse::<u32>() {
            t.operands.push(Ok(n));
        } else {
            t.operands.push(Err(part));
        }
    }
    have_id.then_some(t)
}

/// A GLSL scalar or vector type name as a value kind.
fn named_kind(name: &str) -> Option<Kind> {
    let scalar = |s: &str| -> Option<(BaseType, u8)> {
        Some(match s {
            "float" => (BaseType::Float, 32),
            "double" => (BaseType::Float, 64),
            "float16_t" => (BaseType::Float, 16),
            "float32_t" => (BaseType::Float, 32),
            "float64_t" => (BaseType::Float, 64),
            "int" | "int32_t" => (BaseType::Int, 32),
            "uint" | "uint32_t" => (BaseType::Uint, 32),
            "int8_t" => (BaseType::Int, 8),
            "uint8_t" => (BaseType::Uint, 8),
            "int16_t" => (BaseType::Int, 16),
            "uint16_t" => (BaseType::Uint, 16),
            "int64_t" => (BaseType::Int, 64),
            "uint64_t" => (BaseType::Uint, 64),
            "bool" => (BaseType::Bool, 1),
            _ => return None,
        })
    };
    if let Some((b, bits)) = scalar(name) {
        return Some(Kind::new(b, bits, 1));
    }
    let (prefix, n) = name.split_at(name.len().checked_sub(1)?);
    let n: u8 = n.parse().ok().filter(|n| (2..=4).contains(n))?;
    let (b, bits) = match prefix {
        "vec" => (BaseType::Float, 32),
        "dvec" => (BaseType::Float, 64),
        "ivec" => (BaseType::Int, 32),
        "uvec" => (BaseType::Uint, 32),
        "bvec" => (BaseType::Bool, 1),
        "f16vec" => (BaseType::Float, 16),
        "i64vec" => (BaseType::Int, 64),
        "u64vec" => (BaseType::Uint, 64),
        _ => return None,
    };
    Some(Kind::new(b, bits, n))
}

/// Whether a `spirv_type` text is a pointer into PhysicalStorageBuffer memory
/// (`OpTypePointer` of storage class 5349): a variable holding one is decorated
/// `AliasedPointer`, as SPIR-V requires.
pub fn is_physical_pointer(name: &str) -> bool {
    const OP_TYPE_POINTER: u32 = 32;
    const PHYSICAL_STORAGE_BUFFER: u32 = 5349;
    parse(name).is_some_and(|t| {
        t.id == OP_TYPE_POINTER && t.operands.first() == Some(&Ok(PHYSICAL_STORAGE_BUFFER))
    })
}

impl Module<'_> {
    /// The SPIR-V type of a `spirv_type` (`name`: its canonical text); `None` when `name`
    /// is not one.
    pub fn spirv_type(&mut self, name: &str) -> Option<Result<u32>> {
        if !name.starts_with("spirv_type(") {
            return None;
        }
        let Some(t) = parse(name) else {
            return Some(Err(SpirvError::new(format!(
                "`{name}` is not a complete spirv_type (it needs `id = <opcode>`)"
            ))));
        };
        Some(self.declare_spirv_type(&t))
    }

    fn declare_spirv_type(&mut self, t: &SpirvTypeText<'_>) -> Result<u32> {
        let Ok(opcode) = u16::try_from(t.id) else {
            return Err(SpirvError::new(format!(
                "spirv_type: opcode {} is out of range",
                t.id
            )));
        };
        for e in &t.extensions {
            match KNOWN_EXTENSIONS.iter().find(|k| *k == e) {
                Some(k) => {
                    self.exts.insert(k);
                }
                None => {
                    return Err(SpirvError::new(format!(
                        "spirv_type: SPIR-V extension `{e}` is not known to this compiler"
                    )))
                }
            }
        }
        for c in &t.capabilities {
            self.declared_cap(*c);
        }
        let mut ops = Vec::with_capacity(t.operands.len());
        for o in &t.operands {
            match o {
                Ok(w) => ops.push(*w),
                Err(name) => match named_kind(name) {
                    Some(k) => ops.push(self.kind_type(k)),
                    None => {
                        return Err(SpirvError::new(format!(
                            "spirv_type: type operand `{name}` is not supported (scalars and vectors are)"
                        )))
                    }
                },
            }
        }
        Ok(self.ty(opcode, &ops))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_canonical_text() {
        let t = parse(
            "spirv_type(extensions = [SPV_EXT_physical_storage_buffer, SPV_KHR_variable_pointers], capabilities = [5347], id = 32, 5349, uint)",
        )
        .expect("parsed");
        assert_eq!(
            t.extensions,
            vec![
                "SPV_EXT_physical_storage_buffer",
                "SPV_KHR_variable_pointers"
            ]
        );
        assert_eq!(t.capabilities, vec![5347]);
        assert_eq!(t.id, 32);
        assert_eq!(t.operands, vec![Ok(5349), Err("uint")]);
        assert_eq!(parse("spirv_type(id = 30)").map(|t| t.id), Some(30));
        assert!(parse("spirv_type(capabilities = [1])").is_none());
        assert!(parse("spirv_type").is_none());
        assert_eq!(named_kind("uvec3"), Some(Kind::new(BaseType::Uint, 32, 3)));
        assert_eq!(named_kind("vec5"), None);
    }
}
