//! Memory layout of uniform and buffer blocks: the base alignment and size of every type
//! under std140, std430 and scalar packing (GLSL 4.60 section 7.6.2.2, GL_EXT_scalar_block_layout),
//! and the offsets of block members. The checker validates `offset`/`align` with it; later
//! phases lay out buffers with it.

use crate::builtin_types::Scalar;
use crate::types::{ArraySize, ExtType, StructKind, Type, TypeId, TypeTable};

/// Block (and default) packing rules.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Packing {
    Shared,
    Packed,
    Std140,
    Std430,
    Scalar,
}

impl Packing {
    pub fn from_name(n: &str) -> Option<Packing> {
        Some(match n {
            "shared" => Packing::Shared,
            "packed" => Packing::Packed,
            "std140" => Packing::Std140,
            "std430" => Packing::Std430,
            "scalar" => Packing::Scalar,
            _ => return None,
        })
    }

    /// Whether members get offsets the shader can rely on (std140, std430, scalar).
    pub fn explicit_offsets(self) -> bool {
        matches!(self, Packing::Std140 | Packing::Std430 | Packing::Scalar)
    }
}

pub fn round_up(x: u64, a: u64) -> u64 {
    if a <= 1 {
        return x;
    }
    x.div_ceil(a).saturating_mul(a)
}

pub fn scalar_bytes(s: Scalar) -> u64 {
    u64::from(s.bits() / 8).max(1)
}

/// The base alignment and size of a type in a block with the given packing.
pub fn std_layout(
    t: &TypeTable,
    ty: TypeId,
    p: Packing,
    row_major: bool,
    depth: u32,
) -> (u64, u64) {
    if depth > 64 {
        return (4, 4);
    }
    let vector = |s: Scalar, n: u64| -> (u64, u64) {
        let b = scalar_bytes(s);
        let a = if p == Packing::Scalar {
            b
        } else {
            b * match n {
                1 => 1,
                2 => 2,
                _ => 4,
            }
        };
        (a, b * n)
    };
    let array = |(ea, es): (u64, u64), n: u64| -> (u64, u64) {
        let a = if p == Packing::Std140 {
            round_up(ea, 16)
        } else {
            ea
        };
        let stride = round_up(es, a);
        (a, stride.saturating_mul(n))
    };
    match *t.get(ty) {
        Type::Scalar(s) => {
            let b = scalar_bytes(s);
            (b, b)
        }
        Type::Vector(s, n) => vector(s, u64::from(n)),
        // GL_EXT_long_vector: a vector of any length (rule 3 as the extension amends it: the
        // base alignment of three or more components is four components).
        Type::Ext(ExtType::LongVector { elem, len }) => match (t.as_scalar(elem), len.known()) {
            (Some(s), Some(n)) => vector(s, u64::from(n)),
            _ => (4, 4),
        },
        Type::Matrix { scalar, cols, rows } => {
            let (vecs, comps) = if row_major {
                (rows, cols)
            } else {
                (cols, rows)
            };
            array(vector(scalar, u64::from(comps)), u64::from(vecs))
        }
        Type::Array { elem, size } => {
            let n = match size {
                ArraySize::Fixed(n) => u64::from(n),
                ArraySize::Unsized => 1,
            };
            array(std_layout(t, elem, p, row_major, depth + 1), n)
        }
        // A block type inside a block is a buffer reference: a 64-bit address.
        Type::Struct(sid) if t.struct_def(sid).kind == StructKind::Block => (8, 8),
        Type::Struct(sid) => {
            let mut off = 0u64;
            let mut max_a = 1u64;
            for m in &t.struct_def(sid).members {
                let (ma, ms) = std_layout(t, m.ty, p, row_major, depth + 1);
                off = round_up(off, ma).saturating_add(ms);
                max_a = max_a.max(ma);
            }
            let a = if p == Packing::Std140 {
                round_up(max_a, 16)
            } else {
                max_a
            };
            (a, round_up(off, a))
        }
        _ => (4, 4),
    }
}

/// Where one member of a block lives.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct MemberOffset {
    pub offset: u64,
    pub size: u64,
    pub align: u64,
}

/// The offsets of a block's (or struct's) members under `packing`, honouring explicit
/// `offset` and `align` qualifiers; `row_major` is the default matrix order.
pub fn member_offsets(
    t: &TypeTable,
    ty: TypeId,
    packing: Packing,
    row_major: bool,
) -> Vec<MemberOffset> {
    let Type::Struct(sid) = *t.get(ty) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut next = 0u64;
    for m in &t.struct_def(sid).members {
        let rm = m.layout.row_major.unwrap_or(row_major);
        let (mut align, size) = std_layout(t, m.ty, packing, rm, 0);
        if let Some(a) = m.layout.align {
            align = align.max(u64::from(a));
        }
        let offset = match m.layout.offset {
            Some(o) => round_up(u64::from(o), align),
            None => round_up(next, align),
        };
        next = offset.saturating_add(size);
        out.push(MemberOffset {
            offset,
            size,
            align,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{Member, MemberLayout, StructDef};
    use fresnel_syntax::intern::Symbol;
    use fresnel_syntax::source::Span;

    /// `{ float a; vec3 b; float c[2]; mat2 m; }`
    fn block(t: &mut TypeTable) -> TypeId {
        let f = t.scalar(Scalar::F32);
        let v3 = t.vector(Scalar::F32, 3);
        let arr = t.array(f, ArraySize::Fixed(2));
        let m2 = t.matrix(Scalar::F32, 2, 2);
        let members = [f, v3, arr, m2]
            .iter()
            .enumerate()
            .map(|(i, &ty)| Member {
                name: Symbol(i as u32),
                ty,
                span: Span::default(),
                precision: None,
                memory: Default::default(),
                layout: MemberLayout::default(),
                interface: Default::default(),
            })
            .collect();
        t.add_struct(StructDef {
            name: None,
            kind: StructKind::Block,
            members,
            span: Span::default(),
            block_layout: None,
        })
    }

    fn offsets(p: Packing) -> Vec<(u64, u64)> {
        let mut t = TypeTable::new();
        let b = block(&mut t);
        member_offsets(&t, b, p, false)
            .iter()
            .map(|m| (m.offset, m.size))
            .collect()
    }

    #[test]
    fn std140_rounds_arrays_and_matrix_columns_to_vec4() {
        assert_eq!(
            offsets(Packing::Std140),
            vec![(0, 4), (16, 12), (32, 32), (64, 32)]
        );
    }

    #[test]
    fn std430_keeps_natural_array_strides() {
        assert_eq!(
            offsets(Packing::Std430),
            vec![(0, 4), (16, 12), (28, 8), (40, 16)]
        );
    }

    #[test]
    fn long_vectors_align_to_four_components_from_three() {
        use crate::types::ParamValue;
        let mut t = TypeTable::new();
        let u = t.scalar(Scalar::U32);
        let long = |t: &mut TypeTable, n: u32| {
            t.intern(Type::Ext(ExtType::LongVector {
                elem: u,
                len: ParamValue::Const(n),
            }))
        };
        let (v5, v1) = (long(&mut t, 5), long(&mut t, 1));
        let a5 = t.array(v5, ArraySize::Fixed(2));
        let a1 = t.array(v1, ArraySize::Fixed(2));
        let layout = |p| {
            (
                std_layout(&t, a5, p, false, 0),
                std_layout(&t, a1, p, false, 0),
            )
        };
        // glslang's strides: 32 and 16 (std140), 32 and 4 (std430), 20 and 4 (scalar).
        assert_eq!(layout(Packing::Std140), ((16, 64), (16, 32)));
        assert_eq!(layout(Packing::Std430), ((16, 64), (4, 8)));
        assert_eq!(layout(Packing::Scalar), ((4, 40), (4, 8)));
    }

    #[test]
    fn scalar_packs_tightly() {
        assert_eq!(
            offsets(Packing::Scalar),
            vec![(0, 4), (4, 12), (16, 8), (24, 16)]
        );
    }
}
