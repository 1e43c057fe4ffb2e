//! GL_NV_cooperative_vector as SPV_NV_cooperative_vector (issue 5, helper F): the type
//! `coopvecNV<T, N>` reaches the IR as `Type::Opaque` named by its GLSL text; here it is read
//! back and declared `OpTypeCooperativeVectorNV T N` (`N` a 32-bit unsigned constant, or the
//! integer specialization constant it names), with capability `CooperativeVectorNV` and the
//! extension. The operations are in `instr/coopvec_nv.rs`.

use fresnel_ir::BaseType;

use super::tensor_arm::{scalar, Elem};
use super::{Module, Result};

pub const CAP_COOPERATIVE_VECTOR_NV: u32 = 5394;
pub const CAP_COOPERATIVE_VECTOR_TRAINING_NV: u32 = 5435;
pub const OP_TYPE_COOPERATIVE_VECTOR_NV: u16 = 5288;
pub const OP_MATRIX_MUL_NV: u16 = 5289;
pub const OP_OUTER_PRODUCT_ACCUMULATE_NV: u16 = 5290;
pub const OP_REDUCE_SUM_ACCUMULATE_NV: u16 = 5291;
pub const OP_MATRIX_MUL_ADD_NV: u16 = 5292;
pub const OP_LOAD_NV: u16 = 5302;
pub const OP_STORE_NV: u16 = 5303;
pub const OP_COMPOSITE_CONSTRUCT_REPLICATE_EXT: u16 = 4463;
pub const CAP_REPLICATED_COMPOSITES_EXT: u32 = 6024;

/// The length: a number, or the name of a specialization constant.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Len<'a> {
    Lit(u32),
    Spec(&'a str),
}

/// The parts of a cooperative vector type.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CoopVecNv<'a> {
    pub base: BaseType,
    pub bits: u8,
    pub len: Len<'a>,
}

/// Reads `coopvecNV<float16_t, 8>` / `coopvecNV<float, N>` (`N` a specialization constant).
pub fn parse(name: &str) -> Option<CoopVecNv<'_>> {
    let inner = name.trim().strip_prefix("coopvecNV<")?.strip_suffix('>')?;
    let (c, n) = inner.split_once(',')?;
    let Elem::Plain(base, bits) = scalar(c.trim())? else {
        return None;
    };
    if base == BaseType::Bool {
        return None;
    }
    let len = parse_len(n)?;
    Some(CoopVecNv { base, bits, len })
}

/// A vector length as written in the type's name: a positive number, or the name of a
/// specialization constant (also the lengths of `long_vector.rs`).
pub(crate) fn parse_len(n: &str) -> Option<Len<'_>> {
    let n = n.trim();
    match n.parse::<u32>() {
        Ok(0) => None,
        Ok(k) => Some(Len::Lit(k)),
        Err(_) => {
            let ident = n
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            ident.then_some(Len::Spec(n))
        }
    }
}

impl Module<'_> {
    /// The cooperative vector type named `name` (`None`: not one).
    pub(crate) fn coopvec_nv_type(&mut self, name: &str) -> Option<Result<u32>> {
        let c = parse(name)?;
        self.cap(CAP_COOPERATIVE_VECTOR_NV);
        self.exts.insert("SPV_NV_cooperative_vector");
        let comp = self.scalar_type(c.base, c.bits);
        let len = match self.coopvec_len(c.len, name) {
            Ok(x) => x,
            Err(e) => return Some(Err(e)),
        };
        Some(Ok(self.ty(OP_TYPE_COOPERATIVE_VECTOR_NV, &[comp, len])))
    }

    /// The length as a constant id (also of long vectors).
    pub(crate) fn coopvec_len(&mut self, l: Len<'_>, ty: &str) -> Result<u32> {
        match l {
            Len::Lit(n) => Ok(self.const_u32(n)),
            Len::Spec(name) => self.spec_u32_param(name, ty, "length"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_cooperative_vectors() {
        assert_eq!(
            parse("coopvecNV<float, 5>"),
            Some(CoopVecNv {
                base: BaseType::Float,
                bits: 32,
                len: Len::Lit(5)
            })
        );
        assert_eq!(
            parse("coopvecNV<float16_t, N>").map(|c| (c.bits, c.len)),
            Some((16, Len::Spec("N")))
        );
        assert_eq!(
            parse("coopvecNV<int8_t, 20>").map(|c| c.base),
            Some(BaseType::Int)
        );
        assert_eq!(parse("coopvecNV<bool, 4>"), None);
        assert_eq!(parse("coopvecNV<float, 0>"), None);
        assert_eq!(parse("coopvecNV<float, 2+2>"), None);
    }
}
