//! How lowered expressions are represented.

use fresnel_ir::ValueId;
use fresnel_sema::types::TypeId as HirTypeId;
use smallvec::SmallVec;

/// The result of lowering an expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Operand {
    /// A scalar or vector (booleans are 1-bit values).
    Value(ValueId),
    /// A matrix: one value per column.
    Matrix(SmallVec<[ValueId; 4]>),
    /// Something held in memory and reached through a deref: structs, arrays, opaque objects
    /// (samplers, images, atomic counters), and the lvalues given to built-ins that write
    /// (`out` parameters, the memory argument of atomics, the interpolant of
    /// `interpolateAt*`).
    Deref(ValueId),
    /// A combined sampler made from a separate texture and sampler (Vulkan GLSL
    /// `sampler2D(t, s)`): the deref of each. Texture instructions take the texture as
    /// `TextureDeref` and the sampler as `SamplerDeref`; the combination's HIR type (e.g.
    /// `sampler2DShadow`) says what the instruction does.
    Combined { texture: ValueId, sampler: ValueId },
}

impl Operand {
    /// The single value of a scalar or vector operand.
    pub fn value(&self) -> ValueId {
        match self {
            Operand::Value(v) => *v,
            other => panic!("expected a scalar or vector operand, found {other:?}"),
        }
    }

    /// The columns of a matrix operand.
    pub fn columns(&self) -> &[ValueId] {
        match self {
            Operand::Matrix(c) => c,
            other => panic!("expected a matrix operand, found {other:?}"),
        }
    }

    /// The deref of a memory operand.
    pub fn deref(&self) -> ValueId {
        match self {
            Operand::Deref(d) => *d,
            other => panic!("expected a deref operand, found {other:?}"),
        }
    }
}

/// An argument of a built-in function: the operand and its HIR type (which says what the
/// typeless values mean: `int` or `uint` or `float`, which sampler).
#[derive(Clone, Debug)]
pub struct Arg {
    pub op: Operand,
    pub ty: HirTypeId,
}
