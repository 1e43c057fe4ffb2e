//! GL_EXT_long_vector as SPV_EXT_long_vector: the type `vector<T, N>` (N not 2, 3 or 4, or a
//! specialization constant) reaches the IR as `Type::Opaque` named by its GLSL text; here it
//! is read back and declared `OpTypeVector T N` for a literal length (any length, 1
//! included, under capability `LongVectorEXT`) or `OpTypeVectorIdEXT T N` (`N` the 32-bit
//! integer specialization constant it names), as glslang writes them. The component type may
//! be a boolean, an integer or float of any width, or a small float (`small_float.rs`). The
//! operations are in `instr/long_vector.rs`.

use super::coopvec_nv::{parse_len, Len};
use super::spec::op;
use super::tensor_arm::{scalar, Elem};
use super::types::Kind;
use super::{Module, Result, SpirvError};

pub const CAP_LONG_VECTOR_EXT: u32 = 5425;
/// `OpTypeVectorIdEXT` (the opcode of `OpTypeCooperativeVectorNV`, which it generalizes).
pub const OP_TYPE_VECTOR_ID_EXT: u16 = 5288;

/// The parts of a long vector type.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LongVector<'a> {
    pub elem: Elem,
    pub len: Len<'a>,
}

/// Reads `vector<float16_t, 7>` / `vector<float, N>` (`N` a specialization constant).
pub fn parse(name: &str) -> Option<LongVector<'_>> {
    let inner = name.trim().strip_prefix("vector<")?.strip_suffix('>')?;
    let (c, n) = inner.rsplit_once(',')?;
    Some(LongVector {
        elem: scalar(c.trim())?,
        len: parse_len(n)?,
    })
}

/// Whether `name` is a long vector of booleans.
pub fn is_bool(name: &str) -> bool {
    parse(name).is_some_and(|v| v.elem == Elem::Plain(fresnel_ir::BaseType::Bool, 1))
}

impl Module<'_> {
    /// The long vector type named `name` (`None`: not one).
    pub(crate) fn long_vector_type(&mut self, name: &str) -> Option<Result<u32>> {
        let v = parse(name)?;
        self.cap(CAP_LONG_VECTOR_EXT);
        self.exts.insert("SPV_EXT_long_vector");
        let comp = self.tensor_elem_type(v.elem);
        let t = match v.len {
            Len::Lit(n) => self.ty(op::TYPE_VECTOR, &[comp, n]),
            Len::Spec(_) => match self.coopvec_len(v.len, name) {
                Ok(len) => self.ty(OP_TYPE_VECTOR_ID_EXT, &[comp, len]),
                Err(e) => return Some(Err(e)),
            },
        };
        self.elem.insert(t, comp);
        let bytes = match v.elem {
            Elem::Plain(_, bits) => u32::from(bits.max(8) / 8),
            Elem::Small(_) => u32::from(self.scalar_bits(comp).max(8) / 8),
        };
        self.long_vector_align.insert(t, bytes);
        Some(Ok(t))
    }

    /// A long vector of the same length as the long vector type named `name`, with
    /// components of kind `k` (the 32-bit exponents of `frexp`, 32-bit bit counts).
    pub(crate) fn long_vector_like(&mut self, name: &str, k: Kind) -> Result<u32> {
        let Some(v) = parse(name) else {
            return Err(SpirvError::new(format!(
                "internal: `{name}` is not a long vector"
            )));
        };
        let comp = self.kind_type(k);
        let t = match v.len {
            Len::Lit(n) => self.ty(op::TYPE_VECTOR, &[comp, n]),
            Len::Spec(_) => {
                let len = self.coopvec_len(v.len, name)?;
                self.ty(OP_TYPE_VECTOR_ID_EXT, &[comp, len])
            }
        };
        self.elem.insert(t, comp);
        self.long_vector_align
            .insert(t, u32::from(k.bits.max(8) / 8));
        Ok(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fresnel_ir::BaseType;

    #[test]
    fn parses_long_vectors() {
        assert_eq!(
            parse("vector<float, 5>"),
            Some(LongVector {
                elem: Elem::Plain(BaseType::Float, 32),
                len: Len::Lit(5)
            })
        );
        assert_eq!(
            parse("vector<float16_t, c0>").map(|v| v.len),
            Some(Len::Spec("c0"))
        );
        assert_eq!(
            parse("vector<bool, 1>").map(|v| v.elem),
            Some(Elem::Plain(BaseType::Bool, 1))
        );
        assert_eq!(parse("vector<float, 0>"), None);
        assert_eq!(parse("vector<float, c0 + 1>"), None);
        assert_eq!(parse("coopvecNV<float, 5>"), None);
    }
}
