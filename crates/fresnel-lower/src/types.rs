//! HIR types to IR types, with the explicit memory layout (offsets, array and matrix strides,
//! row-major flags) of uniform, storage and push-constant blocks.

use fresnel_ir::{BaseType, Field, Precision as IrPrecision, SamplerDim, Type, TypeId, Types};
use fresnel_sema::hir;
use fresnel_sema::memory_layout::{member_offsets, round_up, scalar_bytes, std_layout, Packing};
use fresnel_sema::types::TypeId as HirTypeId;
use fresnel_sema::types::{ArraySize, Dim, OpaqueKind, Scalar, StructKind, Type as HType};
use fresnel_syntax::ast::Precision;
use fresnel_syntax::intern::Interner;
use fresnel_syntax::source::Span;

use crate::LowerError;

/// The layout rules of a block being laid out (`None`: no explicit layout).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Layout {
    pub packing: Packing,
    /// The default matrix order.
    pub row_major: bool,
}

/// How a HIR value type is held in SSA values.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Shape {
    /// A scalar (`n == 1`) or vector.
    Value {
        scalar: Scalar,
        n: u8,
    },
    Matrix {
        scalar: Scalar,
        cols: u8,
        rows: u8,
    },
    /// Structs, arrays, opaque types: in memory.
    Memory,
    Void,
}

/// The shape of a HIR type.
pub fn shape(m: &hir::Module, ty: HirTypeId) -> Shape {
    // Scalars the IR has no values for (bfloat16, 8-bit floats) are not values either: every
    // path through memory reports them as unsupported types.
    if m.types.scalar_of(ty).is_some_and(|s| base_of(s).is_none()) {
        return Shape::Memory;
    }
    // A value of a block type is a buffer reference (GL_EXT_buffer_reference): a 64-bit
    // address. (Block instances are memory and reached through places.)
    if m.types.is_block(ty) {
        return Shape::Value {
            scalar: Scalar::U64,
            n: 1,
        };
    }
    match *m.types.get(ty) {
        HType::Scalar(s) => Shape::Value { scalar: s, n: 1 },
        HType::Vector(s, n) => Shape::Value { scalar: s, n },
        HType::Matrix { scalar, cols, rows } => Shape::Matrix { scalar, cols, rows },
        HType::Void => Shape::Void,
        _ => Shape::Memory,
    }
}

/// The bit size of values of a scalar type (booleans are 1-bit).
pub fn value_bits(s: Scalar) -> u8 {
    if s == Scalar::Bool {
        1
    } else {
        s.bits() as u8
    }
}

fn base_of(s: Scalar) -> Option<BaseType> {
    Some(match s {
        Scalar::Bool => BaseType::Bool,
        Scalar::I8 | Scalar::I16 | Scalar::I32 | Scalar::I64 => BaseType::Int,
        Scalar::U8 | Scalar::U16 | Scalar::U32 | Scalar::U64 => BaseType::Uint,
        Scalar::F16 | Scalar::F32 | Scalar::F64 => BaseType::Float,
        Scalar::BF16 | Scalar::FE5M2 | Scalar::FE4M3 => return None,
    })
}

/// Whether a type holds (or is) an opaque object: such values are never copied.
pub fn contains_opaque(m: &hir::Module, ty: HirTypeId) -> bool {
    m.types.contains_opaque(ty)
}

/// The length of an array type (0 for runtime-sized arrays).
pub fn array_len(m: &hir::Module, ty: HirTypeId) -> Option<u32> {
    match *m.types.get(ty) {
        HType::Array { size, .. } => Some(match size {
            ArraySize::Fixed(n) => n,
            ArraySize::Unsized => 0,
        }),
        _ => None,
    }
}

/// The IR type of a HIR type; `layout` gives the explicit layout of a block's contents.
/// Block types anywhere in it are buffer references (GL_EXT_buffer_reference): `u64`
/// addresses.
pub fn ir_type(
    t: &mut Types,
    m: &hir::Module,
    interner: &Interner,
    ty: HirTypeId,
    layout: Option<Layout>,
    span: Span,
) -> Result<TypeId, LowerError> {
    ir_type_rm(
        t,
        m,
        interner,
        ty,
        layout,
        layout.is_some_and(|l| l.row_major),
        span,
        0,
        true,
    )
}

/// The IR type of a block instance (or an array of instances): the block itself is a
/// struct, blocks inside it are buffer references. Also the type a buffer reference points
/// at.
pub fn ir_block_type(
    t: &mut Types,
    m: &hir::Module,
    interner: &Interner,
    ty: HirTypeId,
    layout: Option<Layout>,
    span: Span,
) -> Result<TypeId, LowerError> {
    ir_type_rm(
        t,
        m,
        interner,
        ty,
        layout,
        layout.is_some_and(|l| l.row_major),
        span,
        0,
        false,
    )
}

/// The step in bytes of `reference + n` (GL_EXT_buffer_reference2): the size of the block
/// referred to under its packing (std430 by default), its size rounded up to its alignment.
pub fn reference_stride(m: &hir::Module, ty: HirTypeId) -> u64 {
    let HType::Struct(sid) = *m.types.get(ty) else {
        return 0;
    };
    let l = reference_layout(m, ty);
    let p = effective(l.packing);
    let mut off = 0u64;
    let mut max_a = 1u64;
    for mem in &m.types.struct_def(sid).members {
        let rm = mem.layout.row_major.unwrap_or(l.row_major);
        let (a, size) = std_layout(&m.types, mem.ty, p, rm, 1);
        off = round_up(off, a).saturating_add(size);
        max_a = max_a.max(a);
    }
    if p == Packing::Std140 {
        max_a = round_up(max_a, 16);
    }
    round_up(off, max_a)
}

/// Whether a variable of a block type (or an array of one) holds buffer references
/// (GL_EXT_buffer_reference) rather than being a block instance: as the checker decides,
/// with `shared` blocks (GL_EXT_shared_memory_block) as instances. Reference types are
/// declared as `buffer` blocks, whose layout the checker records; `shared` blocks have none.
pub fn holds_references(m: &hir::Module, var: &hir::Var) -> bool {
    // Interface storage without a block member is never a reference, whatever the type
    // (performance: the common `buffer`/`uniform` instance arrays skip the type walk).
    let interface = matches!(
        var.storage,
        hir::Storage::Uniform
            | hir::Storage::Buffer
            | hir::Storage::In
            | hir::Storage::Out
            | hir::Storage::Ext(_)
    );
    if interface && var.block_member.is_none() {
        return false;
    }
    let bt = m.types.innermost(var.ty);
    if !m.types.is_block(bt) {
        return false;
    }
    if var.block_member.is_some() {
        return true;
    }
    match var.storage {
        hir::Storage::Uniform
        | hir::Storage::Buffer
        | hir::Storage::In
        | hir::Storage::Out
        | hir::Storage::Ext(_) => false,
        hir::Storage::Shared => {
            matches!(m.types.get(bt), HType::Struct(s) if m.types.struct_def(*s).block_layout.is_some())
        }
        _ => true,
    }
}

/// The layout of the block a buffer reference of type `ty` points at (std430 unless the
/// block declares another packing).
pub fn reference_layout(m: &hir::Module, ty: HirTypeId) -> Layout {
    let bl = match m.types.get(ty) {
        HType::Struct(sid) => m.types.struct_def(*sid).block_layout,
        _ => None,
    };
    Layout {
        packing: bl.and_then(|b| b.packing).unwrap_or(Packing::Std430),
        row_major: bl.is_some_and(|b| b.row_major),
    }
}

fn unsupported(m: &hir::Module, interner: &Interner, ty: HirTypeId, span: Span) -> LowerError {
    LowerError::new(
        format!(
            "type `{}` is not supported by the IR",
            m.types.display(ty, interner)
        ),
        Some(span),
    )
}

#[allow(clippy::too_many_arguments)]
fn ir_type_rm(
    t: &mut Types,
    m: &hir::Module,
    interner: &Interner,
    ty: HirTypeId,
    layout: Option<Layout>,
    row_major: bool,
    span: Span,
    depth: u32,
    in_struct: bool,
) -> Result<TypeId, LowerError> {
    if depth > 64 {
        return Err(LowerError::new("type nesting too deep", Some(span)));
    }
    let scalar_ty = |t: &mut Types, s: Scalar, n: u8| -> Option<TypeId> {
        let base = base_of(s)?;
        let bits = if s == Scalar::Bool {
            if layout.is_some() {
                32
            } else {
                1
            }
        } else {
            s.bits() as u8
        };
        Some(t.vector(base, bits, n))
    };
    // Vendor types (bfloat16 and 8-bit float scalars and vectors, ...) are opaque objects
    // named by their GLSL type (crate::vendor).
    if crate::vendor::is_vendor(m, ty) {
        return Ok(t.intern(Type::Opaque(m.types.display(ty, interner))));
    }
    Ok(match m.types.get(ty).clone() {
        HType::Scalar(s) => scalar_ty(t, s, 1).ok_or_else(|| unsupported(m, interner, ty, span))?,
        HType::Vector(s, n) => {
            scalar_ty(t, s, n).ok_or_else(|| unsupported(m, interner, ty, span))?
        }
        HType::Matrix { scalar, cols, rows } => {
            if !matches!(scalar, Scalar::F16 | Scalar::F32 | Scalar::F64) {
                return Err(unsupported(m, interner, ty, span));
            }
            t.intern(Type::Matrix {
                bits: scalar.bits() as u8,
                columns: cols,
                rows,
            })
        }
        HType::Array { elem, size } => {
            let e = ir_type_rm(
                t,
                m,
                interner,
                elem,
                layout,
                row_major,
                span,
                depth + 1,
                in_struct,
            )?;
            let len = match size {
                ArraySize::Fixed(n) => n,
                ArraySize::Unsized => 0,
            };
            // An array of blocks (the variable's own array, not a buffer reference inside
            // a block) has no stride: each element is a buffer of its own. Its elements'
            // sizes are the blocks' (the interpreter lays them one after another), not the
            // 8 bytes of a reference that std_layout gives a block type.
            let stride = match layout {
                Some(_) if !in_struct && holds_block(m, elem) => 0,
                Some(l) => array_stride(m, elem, l.packing, row_major),
                None => 0,
            };
            t.intern(Type::Array {
                elem: e,
                len,
                stride,
            })
        }
        HType::Struct(sid) => {
            let def = m.types.struct_def(sid);
            if def.kind == StructKind::Block && in_struct {
                // A block met inside a type is a buffer reference: a 64-bit address.
                return Ok(t.vector(BaseType::Uint, 64, 1));
            }
            let name = def
                .name
                .map_or_else(|| "anon".to_string(), |n| interner.resolve(n).to_string());
            let offsets =
                layout.map(|l| member_offsets(&m.types, ty, effective(l.packing), row_major));
            let mut fields = Vec::with_capacity(def.members.len());
            for (i, mem) in def.members.iter().enumerate() {
                let rm = mem.layout.row_major.unwrap_or(row_major);
                let fty = ir_type_rm(t, m, interner, mem.ty, layout, rm, span, depth + 1, true)?;
                let is_matrix =
                    matches!(m.types.get(m.types.innermost(mem.ty)), HType::Matrix { .. });
                let matrix_stride = match (layout, m.types.get(m.types.innermost(mem.ty))) {
                    (Some(l), HType::Matrix { scalar, cols, rows }) => {
                        let n = if rm { *cols } else { *rows };
                        Some(vector_stride(*scalar, n, l.packing) as u32)
                    }
                    _ => None,
                };
                fields.push(Field {
                    name: interner.resolve(mem.name).to_string(),
                    ty: fty,
                    offset: offsets
                        .as_ref()
                        .and_then(|o| o.get(i))
                        .map(|o| o.offset as u32),
                    row_major: is_matrix && rm,
                    matrix_stride,
                });
            }
            let id = t.intern(Type::Struct {
                name,
                fields,
                block: def.kind == StructKind::Block,
            });
            // The first struct interned with these fields keeps its member precisions.
            if (0..def.members.len()).all(|k| t.member_precision(id, k) == IrPrecision::None) {
                t.set_member_precision(
                    id,
                    def.members
                        .iter()
                        .map(|m| ir_precision(m.precision))
                        .collect(),
                );
            }
            id
        }
        HType::Opaque(o) => {
            let result = base_of(o.sampled).filter(|b| *b != BaseType::Bool);
            let dim = match o.dim {
                Dim::D1 => SamplerDim::D1,
                Dim::D2 if o.ms => SamplerDim::Ms,
                Dim::D2 => SamplerDim::D2,
                Dim::D3 => SamplerDim::D3,
                Dim::Cube => SamplerDim::Cube,
                Dim::Rect => SamplerDim::Rect,
                Dim::Buffer => SamplerDim::Buffer,
                Dim::External | Dim::ExternalY2Y => SamplerDim::External,
                Dim::Subpass if o.ms => SamplerDim::SubpassMs,
                Dim::Subpass => SamplerDim::Subpass,
                Dim::TileAttachment => {
                    return Ok(t.intern(Type::Opaque(m.types.display(ty, interner))))
                }
            };
            match o.kind {
                OpaqueKind::Image => t.intern(Type::Image {
                    dim,
                    array: o.arrayed,
                    result: result.unwrap_or(BaseType::Float),
                }),
                OpaqueKind::Sampler | OpaqueKind::Texture | OpaqueKind::Input => {
                    t.intern(Type::Sampler {
                        dim,
                        array: o.arrayed,
                        shadow: o.shadow,
                        result: Some(result.unwrap_or(BaseType::Float)),
                    })
                }
            }
        }
        HType::SamplerState { shadow } => t.intern(Type::Sampler {
            dim: SamplerDim::D2,
            array: false,
            shadow,
            result: None,
        }),
        HType::AtomicUint => t.intern(Type::AtomicCounter),
        HType::Error | HType::Void => return Err(unsupported(m, interner, ty, span)),
        _ => t.intern(Type::Opaque(m.types.display(ty, interner))),
    })
}

/// `shared` and `packed` blocks are laid out as std140 (as Mesa does).
fn effective(p: Packing) -> Packing {
    match p {
        Packing::Shared | Packing::Packed => Packing::Std140,
        p => p,
    }
}

/// Whether a type is a block, or an array (of arrays) of blocks.
fn holds_block(m: &hir::Module, ty: HirTypeId) -> bool {
    let mut ty = ty;
    for _ in 0..64 {
        match m.types.get(ty) {
            HType::Array { elem, .. } => ty = *elem,
            HType::Struct(sid) => return m.types.struct_def(*sid).kind == StructKind::Block,
            _ => return false,
        }
    }
    false
}

/// The stride of an array of `elem` under a packing.
pub fn array_stride(m: &hir::Module, elem: HirTypeId, p: Packing, row_major: bool) -> u32 {
    let p = effective(p);
    let (ea, es) = std_layout(&m.types, elem, p, row_major, 0);
    let a = if p == Packing::Std140 {
        round_up(ea, 16)
    } else {
        ea
    };
    u32::try_from(round_up(es, a)).unwrap_or(u32::MAX)
}

/// The stride between the columns (or rows) of a matrix: vectors of `n` components.
fn vector_stride(s: Scalar, n: u8, p: Packing) -> u64 {
    let p = effective(p);
    let b = scalar_bytes(s);
    let mut a = if p == Packing::Scalar {
        b
    } else {
        b * match n {
            1 => 1,
            2 => 2,
            _ => 4,
        }
    };
    if p == Packing::Std140 {
        a = round_up(a, 16);
    }
    round_up(b * u64::from(n), a)
}

/// The IR precision of a HIR precision qualifier.
pub fn ir_precision(p: Option<Precision>) -> IrPrecision {
    match p {
        Some(Precision::Low) => IrPrecision::Low,
        Some(Precision::Medium) => IrPrecision::Medium,
        Some(Precision::High) => IrPrecision::High,
        None => IrPrecision::None,
    }
}
