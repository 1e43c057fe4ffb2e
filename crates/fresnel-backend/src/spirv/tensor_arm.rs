//! GL_ARM_tensors as SPV_ARM_tensors (issue 5, helper F): the type `tensorARM<T, rank>`
//! reaches the IR as `Type::Opaque` named by its GLSL text; here it is read back and
//! declared `OpTypeTensorARM T rank` (the rank a 32-bit unsigned constant), with capability
//! `TensorsARM` and the extension. The element type may be a boolean, an integer or float of
//! any width, or (GL_ARM_tensors_bfloat16 / _float_e4m3 / _float_e5m2) a small float
//! (`small_float.rs`). The operations are in `instr/tensor_arm.rs`.

use fresnel_ir::BaseType;

use super::small_float::{self as sf, SmallFloat};
use super::Module;

pub const CAP_TENSORS_ARM: u32 = 4174;
pub const OP_TYPE_TENSOR_ARM: u16 = 4163;
pub const OP_TENSOR_READ_ARM: u16 = 4164;
pub const OP_TENSOR_WRITE_ARM: u16 = 4165;
pub const OP_TENSOR_QUERY_SIZE_ARM: u16 = 4166;

/// The element type of a tensor.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Elem {
    Plain(BaseType, u8),
    Small(sf::Format),
}

/// The parts of a tensor type.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TensorArm {
    pub elem: Elem,
    pub rank: u32,
}

/// A scalar type by its GLSL name (also the component types of `coopvec_nv.rs`).
pub(crate) fn scalar(name: &str) -> Option<Elem> {
    use BaseType::{Bool, Float, Int, Uint};
    let (b, bits) = match name {
        "bool" => (Bool, 1),
        "int8_t" => (Int, 8),
        "int16_t" => (Int, 16),
        "int" | "int32_t" => (Int, 32),
        "int64_t" => (Int, 64),
        "uint8_t" => (Uint, 8),
        "uint16_t" => (Uint, 16),
        "uint" | "uint32_t" => (Uint, 32),
        "uint64_t" => (Uint, 64),
        "float16_t" => (Float, 16),
        "float" | "float32_t" => (Float, 32),
        "double" | "float64_t" => (Float, 64),
        other => {
            let s = sf::parse(other).filter(|s| s.comps == 1)?;
            return Some(Elem::Small(s.format));
        }
    };
    Some(Elem::Plain(b, bits))
}

/// Reads `tensorARM<int, 4>` (`None`: not a tensor type, or a form not written here).
pub fn parse(name: &str) -> Option<TensorArm> {
    let inner = name.trim().strip_prefix("tensorARM<")?.strip_suffix('>')?;
    let (elem, rank) = inner.split_once(',')?;
    let rank: u32 = rank.trim().parse().ok().filter(|r| (1..=64).contains(r))?;
    Some(TensorArm {
        elem: scalar(elem.trim())?,
        rank,
    })
}

impl Module<'_> {
    /// The SPIR-V type of a tensor element.
    pub(crate) fn tensor_elem_type(&mut self, e: Elem) -> u32 {
        match e {
            Elem::Plain(BaseType::Bool, _) => {
                self.kind_type(super::types::Kind::new(BaseType::Bool, 1, 1))
            }
            Elem::Plain(b, bits) => self.kind_type(super::types::Kind::new(b, bits, 1)),
            Elem::Small(format) => self.small_float_type(SmallFloat { format, comps: 1 }),
        }
    }

    /// The tensor type named `name` (`None`: not one).
    pub(crate) fn tensor_arm_type(&mut self, name: &str) -> Option<u32> {
        let t = parse(name)?;
        self.cap(CAP_TENSORS_ARM);
        self.exts.insert("SPV_ARM_tensors");
        let e = self.tensor_elem_type(t.elem);
        let rank = self.const_u32(t.rank);
        Some(self.ty(OP_TYPE_TENSOR_ARM, &[e, rank]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_tensor_types() {
        assert_eq!(
            parse("tensorARM<int, 4>"),
            Some(TensorArm {
                elem: Elem::Plain(BaseType::Int, 32),
                rank: 4
            })
        );
        assert_eq!(
            parse("tensorARM<bfloat16_t, 1>").map(|t| t.elem),
            Some(Elem::Small(sf::Format::BFloat16))
        );
        assert_eq!(
            parse("tensorARM<bool, 2>").map(|t| t.elem),
            Some(Elem::Plain(BaseType::Bool, 1))
        );
        assert_eq!(parse("tensorARM<int, 0>"), None);
        assert_eq!(parse("tensorARM<vec4, 1>"), None);
        assert_eq!(parse("coopvecNV<float, 4>"), None);
    }
}
