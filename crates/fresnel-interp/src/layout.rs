//! Where the scalars of a type live in interpreter memory.
//!
//! Two layouts: *slot* memory (function temporaries, globals, stage inputs and outputs,
//! default-block uniforms, shared memory) holds one 64-bit slot per scalar, in declaration
//! order (matrices column by column); *byte* memory (uniform and storage blocks, push
//! constants) follows the explicit byte offsets and strides the IR types carry.

use fresnel_ir::{BaseType, Type, TypeId, Types};

/// Deepest type nesting walked (types are finite, but user IR could nest deeply).
const MAX_DEPTH: usize = 64;

/// Slots a value of the type takes (opaque types take one slot; an unsized array one element).
pub fn slots(types: &Types, ty: TypeId) -> usize {
    slots_d(types, ty, 0)
}

fn slots_d(types: &Types, ty: TypeId, d: usize) -> usize {
    if d > MAX_DEPTH {
        return 1;
    }
    match types.get(ty) {
        Type::Vector { components, .. } => usize::from(*components),
        Type::Matrix { columns, rows, .. } => usize::from(*columns) * usize::from(*rows),
        Type::Array { elem, len, .. } => {
            slots_d(types, *elem, d + 1).saturating_mul((*len).max(1) as usize)
        }
        Type::Struct { fields, .. } => fields
            .iter()
            .map(|f| slots_d(types, f.ty, d + 1))
            .fold(0usize, |a, b| a.saturating_add(b)),
        _ => 1,
    }
}

/// The kind of a scalar leaf.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Leaf {
    Float(u8),
    Int(u8),
    Uint(u8),
    Bool,
    /// A sampler, image or atomic counter (one slot).
    Opaque,
}

impl Leaf {
    pub fn of(base: BaseType, bits: u8) -> Leaf {
        match base {
            BaseType::Float => Leaf::Float(bits),
            BaseType::Int => Leaf::Int(bits),
            BaseType::Uint => Leaf::Uint(bits),
            BaseType::Bool => Leaf::Bool,
        }
    }

    /// Bytes in byte memory.
    pub fn size(self) -> u32 {
        match self {
            Leaf::Float(b) | Leaf::Int(b) | Leaf::Uint(b) => u32::from(b.max(8)) / 8,
            Leaf::Bool | Leaf::Opaque => 4,
        }
    }

    /// Bit size of the value in a register.
    pub fn value_bits(self) -> u8 {
        match self {
            Leaf::Float(b) | Leaf::Int(b) | Leaf::Uint(b) => b,
            Leaf::Bool => 1,
            Leaf::Opaque => 32,
        }
    }
}

/// The leaf kind of a scalar/vector type's components (`None` for aggregates).
pub fn leaf_of(types: &Types, ty: TypeId) -> Option<Leaf> {
    match types.get(ty) {
        Type::Vector { base, bits, .. } => Some(Leaf::of(*base, *bits)),
        Type::Matrix { bits, .. } => Some(Leaf::Float(*bits)),
        Type::Array { .. } | Type::Struct { .. } => None,
        _ => Some(Leaf::Opaque),
    }
}

/// Every scalar of a type in slot order: its kind.
pub fn slot_leaves(types: &Types, ty: TypeId, out: &mut Vec<Leaf>, limit: usize) {
    slot_leaves_d(types, ty, out, limit, 0)
}

fn slot_leaves_d(types: &Types, ty: TypeId, out: &mut Vec<Leaf>, limit: usize, d: usize) {
    if out.len() >= limit || d > MAX_DEPTH {
        return;
    }
    match types.get(ty) {
        Type::Vector {
            base,
            bits,
            components,
        } => {
            for _ in 0..*components {
                out.push(Leaf::of(*base, *bits));
            }
        }
        Type::Matrix {
            bits,
            columns,
            rows,
        } => {
            for _ in 0..usize::from(*columns) * usize::from(*rows) {
                out.push(Leaf::Float(*bits));
            }
        }
        Type::Array { elem, len, .. } => {
            for _ in 0..(*len).max(1) {
                slot_leaves_d(types, *elem, out, limit, d + 1);
                if out.len() >= limit {
                    return;
                }
            }
        }
        Type::Struct { fields, .. } => {
            for f in fields {
                slot_leaves_d(types, f.ty, out, limit, d + 1);
            }
        }
        _ => out.push(Leaf::Opaque),
    }
}

/// Matrix layout in byte memory.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct MatLayout {
    pub row_major: bool,
    /// 0: natural (rows or columns tightly packed).
    pub stride: u32,
}

/// The natural byte size of a type (used where the IR gives no explicit stride/offset).
pub fn natural_size(types: &Types, ty: TypeId) -> u32 {
    natural_size_d(types, ty, 0)
}

/// The byte size of a struct member: matrices (and arrays of them without a stride) follow
/// the member's matrix stride.
pub fn member_size(types: &Types, ty: TypeId, mat: MatLayout) -> u32 {
    match types.get(ty) {
        Type::Matrix {
            bits,
            columns,
            rows,
        } if mat.stride > 0 => {
            let size = u32::from(*bits / 8);
            let (cs, rs) = matrix_strides(mat, size, *columns, *rows);
            (u32::from(*columns) - 1) * cs + (u32::from(*rows) - 1) * rs + size
        }
        Type::Array { elem, len, stride } if *stride == 0 => {
            member_size(types, *elem, mat).saturating_mul((*len).max(1))
        }
        _ => natural_size(types, ty),
    }
}

fn natural_size_d(types: &Types, ty: TypeId, d: usize) -> u32 {
    if d > MAX_DEPTH {
        return 4;
    }
    match types.get(ty) {
        Type::Vector {
            base,
            bits,
            components,
        } => Leaf::of(*base, *bits).size() * u32::from(*components),
        Type::Matrix {
            bits,
            columns,
            rows,
        } => u32::from(*bits / 8) * u32::from(*columns) * u32::from(*rows),
        Type::Array { elem, len, stride } => {
            let s = if *stride > 0 {
                *stride
            } else {
                natural_size_d(types, *elem, d + 1)
            };
            s.saturating_mul((*len).max(1))
        }
        Type::Struct { fields, .. } => {
            let mut end = 0u32;
            for f in fields {
                let off = f.offset.unwrap_or(end);
                let mat = MatLayout {
                    row_major: f.row_major,
                    stride: f.matrix_stride.unwrap_or(0),
                };
                end = end.max(off.saturating_add(member_size(types, f.ty, mat)));
            }
            end
        }
        _ => 4,
    }
}

/// Every scalar of a type in byte memory: (byte offset, kind), in slot order.
pub fn byte_leaves(
    types: &Types,
    ty: TypeId,
    base: u32,
    mat: MatLayout,
    out: &mut Vec<(u32, Leaf)>,
    limit: usize,
) {
    byte_leaves_d(types, ty, base, mat, out, limit, 0)
}

fn byte_leaves_d(
    types: &Types,
    ty: TypeId,
    base: u32,
    mat: MatLayout,
    out: &mut Vec<(u32, Leaf)>,
    limit: usize,
    d: usize,
) {
    if out.len() >= limit || d > MAX_DEPTH {
        return;
    }
    match types.get(ty) {
        Type::Vector {
            base: b,
            bits,
            components,
        } => {
            let l = Leaf::of(*b, *bits);
            for c in 0..u32::from(*components) {
                out.push((base.saturating_add(c * l.size()), l));
            }
        }
        Type::Matrix {
            bits,
            columns,
            rows,
        } => {
            let size = u32::from(*bits / 8);
            let (cs, rs) = matrix_strides(mat, size, *columns, *rows);
            for c in 0..u32::from(*columns) {
                for r in 0..u32::from(*rows) {
                    let off = base.saturating_add(c * cs).saturating_add(r * rs);
                    out.push((off, Leaf::Float(*bits)));
                }
            }
        }
        Type::Array { elem, len, stride } => {
            let s = if *stride > 0 {
                *stride
            } else {
                natural_size(types, *elem)
            };
            for i in 0..(*len).max(1) {
                byte_leaves_d(
                    types,
                    *elem,
                    base.saturating_add(i.saturating_mul(s)),
                    mat,
                    out,
                    limit,
                    d + 1,
                );
                if out.len() >= limit {
                    return;
                }
            }
        }
        Type::Struct { fields, .. } => {
            let mut end = 0u32;
            for f in fields {
                let off = f.offset.unwrap_or(end);
                end = off.saturating_add(natural_size(types, f.ty));
                let m = MatLayout {
                    row_major: f.row_major,
                    stride: f.matrix_stride.unwrap_or(0),
                };
                byte_leaves_d(types, f.ty, base.saturating_add(off), m, out, limit, d + 1);
            }
        }
        _ => out.push((base, Leaf::Opaque)),
    }
}

/// (bytes between columns, bytes between rows) of a matrix.
pub fn matrix_strides(mat: MatLayout, size: u32, columns: u8, rows: u8) -> (u32, u32) {
    if mat.row_major {
        let s = if mat.stride > 0 {
            mat.stride
        } else {
            size * u32::from(columns)
        };
        (size, s)
    } else {
        let s = if mat.stride > 0 {
            mat.stride
        } else {
            size * u32::from(rows)
        };
        (s, size)
    }
}
