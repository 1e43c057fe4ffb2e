//! Types: interned in a [`TypeTable`] and named by [`TypeId`].
//!
//! A type says only what a value is (`vec4`, `float[3]`, a struct); precision, storage and
//! the other qualifiers live on variables and expressions. Structs and interface blocks have
//! definitions ([`StructDef`]) held by the table; two struct types are the same type only if
//! they are the same definition (GLSL's name equivalence).

use rustc_hash::FxHashMap;

use fresnel_syntax::intern::{Interner, Symbol};
use fresnel_syntax::source::Span;

pub use crate::builtin_types::{BType, BuiltinStruct, Dim, Opaque, OpaqueKind, Scalar};

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct TypeId(pub u32);

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct StructId(pub u32);

/// The size of an array type.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum ArraySize {
    Fixed(u32),
    /// Declared `[]`: sized later by an initializer, by use (implicitly sized arrays) or left
    /// unsized as the last member of a buffer block (a runtime array).
    Unsized,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Type {
    /// The type of expressions that failed to check; compatible with everything so one error
    /// is reported once.
    Error,
    Void,
    Scalar(Scalar),
    Vector(Scalar, u8),
    Matrix {
        scalar: Scalar,
        cols: u8,
        rows: u8,
    },
    Opaque(Opaque),
    SamplerState {
        shadow: bool,
    },
    AtomicUint,
    AccelerationStructure,
    RayQuery,
    HitObjectNV,
    HitObjectEXT,
    Struct(StructId),
    Array {
        elem: TypeId,
        size: ArraySize,
    },
    /// A type only an extension knows and semantic analysis treats as opaque (`spirv_type`,
    /// the microscaling floats, ...), by name.
    ExtOpaque(Symbol),
    /// A parameterized extension type (`coopmat<...>`, `coopvecNV<...>`, `vector<...>`,
    /// `tensorARM<...>`, `tensorLayoutNV<...>`, `tensorViewNV<...>`) with its parameters.
    Ext(ExtType),
    /// A subroutine type (GL_ARB_shader_subroutine), by name; its signature is kept by the
    /// checker.
    Subroutine(Symbol),
}

/// The value of an integer parameter of a parameterized extension type: a constant, or a
/// specialization constant whose value is known only when the shader is specialized. Two
/// parameters are the same when they are the same constant value or name the same
/// specialization constant (glslang's rule); an expression over specialization constants equals
/// no other parameter.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum ParamValue {
    Const(u32),
    /// A specialization constant named directly (`layout(constant_id = 0) const int N`).
    Spec {
        /// Index of the constant's variable.
        var: u32,
        name: Symbol,
        /// Its default value.
        default: u32,
    },
    /// An expression computed from specialization constants (`N + 1`), identified by the
    /// expression.
    SpecExpr {
        expr: u32,
        default: u32,
    },
}

impl ParamValue {
    /// The constant value, if it is not a specialization constant.
    pub fn known(self) -> Option<u32> {
        match self {
            ParamValue::Const(n) => Some(n),
            _ => None,
        }
    }

    /// The value, or the specialization constant's default value.
    pub fn value(self) -> u32 {
        match self {
            ParamValue::Const(n) => n,
            ParamValue::Spec { default, .. } | ParamValue::SpecExpr { default, .. } => default,
        }
    }

    pub fn is_spec(self) -> bool {
        !matches!(self, ParamValue::Const(_))
    }

    fn display(self, interner: &Interner) -> String {
        match self {
            ParamValue::Const(n) => n.to_string(),
            ParamValue::Spec { name, .. } => interner.resolve(name).to_string(),
            ParamValue::SpecExpr { default, .. } => {
                format!("(specialization constant expression, default {default})")
            }
        }
    }
}

/// A cooperative matrix (GL_KHR_cooperative_matrix `coopmat<T, scope, rows, cols, use>`, or
/// GL_NV_cooperative_matrix `fcoopmatNV<bits, scope, rows, cols>` and its integer forms).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct CoopMat {
    /// The component type (a scalar type, or a `spirv_type`).
    pub elem: TypeId,
    pub scope: ParamValue,
    pub rows: ParamValue,
    pub cols: ParamValue,
    /// `gl_MatrixUseA` (0), `gl_MatrixUseB` (1), `gl_MatrixUseAccumulator` (2); `None` for the
    /// GL_NV_cooperative_matrix types, which have no use.
    pub usage: Option<ParamValue>,
}

/// A parameterized extension type.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum ExtType {
    CoopMat(CoopMat),
    /// GL_NV_cooperative_vector `coopvecNV<T, N>`.
    CoopVec {
        elem: TypeId,
        len: ParamValue,
    },
    /// GL_EXT_long_vector `vector<T, N>` with N not 2, 3 or 4 (those are the ordinary vector
    /// types) or given by a specialization constant.
    LongVector {
        elem: TypeId,
        len: ParamValue,
    },
    /// GL_ARM_tensors `tensorARM<T, rank>`.
    Tensor {
        elem: TypeId,
        rank: u32,
    },
    /// GL_NV_cooperative_matrix2 `tensorLayoutNV<Dim, ClampMode>`.
    TensorLayout {
        dim: ParamValue,
        clamp: ParamValue,
    },
    /// GL_NV_cooperative_matrix2 `tensorViewNV<Dim, HasDimensions, p0, ...>` (the permutation
    /// always has `dim` entries; missing ones are the identity).
    TensorView {
        dim: ParamValue,
        has_dims: ParamValue,
        perm: Vec<ParamValue>,
    },
}

impl ExtType {
    /// The component type of the value-like types (matrices and vectors) and tensors.
    pub fn elem(&self) -> Option<TypeId> {
        match self {
            ExtType::CoopMat(m) => Some(m.elem),
            ExtType::CoopVec { elem, .. }
            | ExtType::LongVector { elem, .. }
            | ExtType::Tensor { elem, .. } => Some(*elem),
            _ => None,
        }
    }

    /// The number of components of a cooperative or long vector.
    pub fn vector_len(&self) -> Option<ParamValue> {
        match self {
            ExtType::CoopVec { len, .. } | ExtType::LongVector { len, .. } => Some(*len),
            _ => None,
        }
    }
}

fn scope_name(p: ParamValue) -> Option<&'static str> {
    Some(match p.known()? {
        1 => "gl_ScopeDevice",
        2 => "gl_ScopeWorkgroup",
        3 => "gl_ScopeSubgroup",
        4 => "gl_ScopeInvocation",
        5 => "gl_ScopeQueueFamily",
        _ => return None,
    })
}

fn use_name(p: ParamValue) -> Option<&'static str> {
    Some(match p.known()? {
        0 => "gl_MatrixUseA",
        1 => "gl_MatrixUseB",
        2 => "gl_MatrixUseAccumulator",
        _ => return None,
    })
}

/// A member of a struct or block.
#[derive(Clone, Debug)]
pub struct Member {
    pub name: Symbol,
    pub ty: TypeId,
    pub span: Span,
    /// Precision qualifier written on the member; in GLSL ES, when none is written, the
    /// default precision in effect where the structure is declared.
    pub precision: Option<fresnel_syntax::ast::Precision>,
    /// Memory qualifiers written on the member (buffer blocks).
    pub memory: crate::hir::Memory,
    /// Index into the owning definition's per-member qualifier data (blocks).
    pub layout: MemberLayout,
    /// Interpolation and other interface qualifiers written on a block member.
    pub interface: MemberInterface,
}

/// Interface qualifiers written on a block member (`flat`, `centroid`, `invariant`, ...).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MemberInterface {
    pub interp: Option<crate::hir::Interp>,
    pub centroid: bool,
    pub sample: bool,
    pub patch: bool,
    pub invariant: bool,
    pub precise: bool,
    /// Extension qualifiers written on the member (`perprimitiveNV`, `perviewNV`, ...;
    /// issue 5: the SPIR-V back end decorates members with them).
    pub ext: Vec<fresnel_syntax::intern::Symbol>,
}

/// The effective layout rules of a uniform or buffer block (from its own qualifiers or the
/// `layout(...) uniform;` / `layout(...) buffer;` defaults in effect where it is declared).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BlockLayout {
    /// `None`: nothing written or defaulted (the implementation's default applies).
    pub packing: Option<crate::memory_layout::Packing>,
    /// The default matrix order of the block's members.
    pub row_major: bool,
    /// A `buffer_type` block (GL_EXT_structured_descriptor_heap), a type and not a buffer
    /// reference: `Some(true)` for a storage buffer, `Some(false)` for a uniform buffer.
    pub buffer_type: Option<bool>,
    /// The memory qualifiers written on a `buffer_type` block (they apply to the buffer a
    /// descriptor of the type points at); default for any other block.
    pub memory: crate::hir::Memory,
}

/// Layout information of a block member, filled in for blocks with an explicit layout.
#[derive(Clone, Debug, Default)]
pub struct MemberLayout {
    pub offset: Option<u32>,
    pub align: Option<u32>,
    pub location: Option<u32>,
    pub component: Option<u32>,
    pub row_major: Option<bool>,
    /// Every `layout(...)` entry written on the member (for layout checking).
    pub entries: Vec<crate::hir::LayoutEntry>,
    /// The byte offset computed from the block's layout rules.
    pub computed_offset: Option<u32>,
}

/// What a struct definition is.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum StructKind {
    Struct,
    /// An interface block (`uniform`, `buffer`, `in`, `out` blocks).
    Block,
}

#[derive(Clone, Debug)]
pub struct StructDef {
    /// `None` for anonymous structs.
    pub name: Option<Symbol>,
    pub kind: StructKind,
    pub members: Vec<Member>,
    pub span: Span,
    /// Uniform, buffer and push-constant blocks: the effective layout rules (set by the
    /// checker where the block is declared).
    pub block_layout: Option<BlockLayout>,
}

impl StructDef {
    pub fn member_index(&self, name: Symbol) -> Option<usize> {
        self.members.iter().position(|m| m.name == name)
    }
}

/// All types of one compilation.
#[derive(Clone, Debug)]
pub struct TypeTable {
    types: Vec<Type>,
    dedup: FxHashMap<Type, TypeId>,
    structs: Vec<StructDef>,
    /// The ids of the scalar, vector and matrix types interned so far, by
    /// [`simple_slot`] (`u32::MAX`: not yet): most lookups (built-in overloads, constructors)
    /// are of these, and skip hashing (performance).
    simple: Box<[u32; SIMPLE_SLOTS]>,
    /// The declared type of each [`BuiltinStruct`] (by its position in
    /// [`BuiltinStruct::ALL`]) once the checker has declared it: what the built-in function
    /// table's `BType::Struct` means here.
    builtin_structs: [Option<TypeId>; BuiltinStruct::ALL.len()],
}

/// Shapes with a slot in [`TypeTable::simple`]: scalar, 3 vectors, 9 matrices.
const SIMPLE_SHAPES: usize = 13;
/// The slots of the numeric types; the error type and `void` follow them.
const NUMERIC_SLOTS: usize = 15 * SIMPLE_SHAPES;
const ERROR_SLOT: usize = NUMERIC_SLOTS;
const VOID_SLOT: usize = NUMERIC_SLOTS + 1;
const SIMPLE_SLOTS: usize = NUMERIC_SLOTS + 2;

/// The slot of a scalar, vector (2 to 4 components) or matrix (2 to 4 columns and rows)
/// type, the error type or `void` in [`TypeTable::simple`].
#[inline]
fn simple_slot(ty: &Type) -> Option<usize> {
    let (s, shape) = match *ty {
        Type::Error => return Some(ERROR_SLOT),
        Type::Void => return Some(VOID_SLOT),
        Type::Scalar(s) => (s, 0),
        Type::Vector(s, n @ 2..=4) => (s, n as usize - 1),
        Type::Matrix {
            scalar,
            cols: c @ 2..=4,
            rows: r @ 2..=4,
        } => (scalar, 4 + (c as usize - 2) * 3 + (r as usize - 2)),
        _ => return None,
    };
    let k = s as usize * SIMPLE_SHAPES + shape;
    (k < NUMERIC_SLOTS).then_some(k)
}

impl Default for TypeTable {
    fn default() -> Self {
        Self::new()
    }
}

/// Frequently used types, interned first so their ids are constants.
pub mod ids {
    use super::TypeId;
    pub const ERROR: TypeId = TypeId(0);
    pub const VOID: TypeId = TypeId(1);
    pub const BOOL: TypeId = TypeId(2);
    pub const INT: TypeId = TypeId(3);
    pub const UINT: TypeId = TypeId(4);
    pub const FLOAT: TypeId = TypeId(5);
    pub const DOUBLE: TypeId = TypeId(6);
}

impl TypeTable {
    pub fn new() -> TypeTable {
        let mut t = TypeTable {
            // Room for a typical shader's types from the start (performance: no regrowing).
            types: Vec::with_capacity(32),
            // Scalars, vectors, matrices, the error type and `void` do not enter `dedup` (see
            // `intern`): it is allocated for the first array or struct (performance: no
            // allocation or hashing for the types every table starts with).
            dedup: FxHashMap::default(),
            structs: Vec::new(),
            simple: Box::new([u32::MAX; SIMPLE_SLOTS]),
            builtin_structs: [None; BuiltinStruct::ALL.len()],
        };
        for ty in [
            Type::Error,
            Type::Void,
            Type::Scalar(Scalar::Bool),
            Type::Scalar(Scalar::I32),
            Type::Scalar(Scalar::U32),
            Type::Scalar(Scalar::F32),
            Type::Scalar(Scalar::F64),
        ] {
            t.intern(ty);
        }
        t
    }

    pub fn intern(&mut self, ty: Type) -> TypeId {
        let next = TypeId(self.types.len() as u32);
        if let Some(k) = simple_slot(&ty) {
            // A slotted type is found by its slot alone and never enters `dedup`
            // (performance: no hashing, and `dedup` holds only the other types).
            if self.simple[k] == u32::MAX {
                self.types.push(ty);
                self.simple[k] = next.0;
            }
            return TypeId(self.simple[k]);
        }
        if self.dedup.capacity() == 0 {
            // Room for a few arrays and structs (performance: a small first allocation).
            self.dedup.reserve(8);
        }
        match self.dedup.entry(ty) {
            std::collections::hash_map::Entry::Occupied(e) => *e.get(),
            std::collections::hash_map::Entry::Vacant(e) => {
                self.types.push(e.key().clone());
                e.insert(next);
                next
            }
        }
    }

    #[inline]
    pub fn get(&self, id: TypeId) -> &Type {
        &self.types[id.0 as usize]
    }

    pub fn len(&self) -> usize {
        self.types.len()
    }

    pub fn is_empty(&self) -> bool {
        self.types.is_empty()
    }

    pub fn add_struct(&mut self, def: StructDef) -> TypeId {
        let sid = StructId(self.structs.len() as u32);
        self.structs.push(def);
        self.intern(Type::Struct(sid))
    }

    pub fn struct_def(&self, id: StructId) -> &StructDef {
        &self.structs[id.0 as usize]
    }

    /// Every struct and block definition, in the order they were added.
    pub fn struct_defs(&self) -> impl Iterator<Item = &StructDef> {
        self.structs.iter()
    }

    pub fn struct_def_mut(&mut self, id: StructId) -> &mut StructDef {
        &mut self.structs[id.0 as usize]
    }

    pub fn from_btype(&mut self, b: BType) -> TypeId {
        if let BType::Struct(s) = b {
            // Not declared (its extension is off): the signatures naming it are unavailable.
            return self.builtin_struct(s).unwrap_or(ids::ERROR);
        }
        self.intern(match b {
            BType::Void => Type::Void,
            BType::Scalar(s) => Type::Scalar(s),
            BType::Vector(s, n) => Type::Vector(s, n),
            BType::Matrix(s, c, r) => Type::Matrix {
                scalar: s,
                cols: c,
                rows: r,
            },
            BType::Opaque(o) => Type::Opaque(o),
            BType::SamplerState { shadow } => Type::SamplerState { shadow },
            BType::AtomicUint => Type::AtomicUint,
            BType::AccelerationStructure => Type::AccelerationStructure,
            BType::RayQuery => Type::RayQuery,
            BType::HitObjectNV => Type::HitObjectNV,
            BType::HitObjectEXT => Type::HitObjectEXT,
            BType::Struct(_) => Type::Error, // returned above
        })
    }

    /// Records the declared type of a built-in structure (the checker, declaring it).
    pub fn set_builtin_struct(&mut self, s: BuiltinStruct, ty: TypeId) {
        self.builtin_structs[s as usize] = Some(ty);
    }

    /// The declared type of a built-in structure, when it was declared.
    pub fn builtin_struct(&self, s: BuiltinStruct) -> Option<TypeId> {
        self.builtin_structs[s as usize]
    }

    /// The built-in type of a type id, if it is one.
    pub fn to_btype(&self, id: TypeId) -> Option<BType> {
        Some(match *self.get(id) {
            Type::Void => BType::Void,
            Type::Scalar(s) => BType::Scalar(s),
            Type::Vector(s, n) => BType::Vector(s, n),
            Type::Matrix { scalar, cols, rows } => BType::Matrix(scalar, cols, rows),
            Type::Opaque(o) => BType::Opaque(o),
            Type::SamplerState { shadow } => BType::SamplerState { shadow },
            Type::AtomicUint => BType::AtomicUint,
            Type::AccelerationStructure => BType::AccelerationStructure,
            Type::RayQuery => BType::RayQuery,
            Type::HitObjectNV => BType::HitObjectNV,
            Type::HitObjectEXT => BType::HitObjectEXT,
            Type::Struct(_) => {
                let s = BuiltinStruct::ALL
                    .into_iter()
                    .find(|s| self.builtin_structs[*s as usize] == Some(id))?;
                BType::Struct(s)
            }
            _ => return None,
        })
    }

    pub fn scalar(&mut self, s: Scalar) -> TypeId {
        self.intern(Type::Scalar(s))
    }

    /// A scalar (n = 1) or vector type.
    pub fn vector(&mut self, s: Scalar, n: u8) -> TypeId {
        if n <= 1 {
            self.intern(Type::Scalar(s))
        } else {
            self.intern(Type::Vector(s, n))
        }
    }

    pub fn matrix(&mut self, s: Scalar, cols: u8, rows: u8) -> TypeId {
        self.intern(Type::Matrix {
            scalar: s,
            cols,
            rows,
        })
    }

    pub fn array(&mut self, elem: TypeId, size: ArraySize) -> TypeId {
        self.intern(Type::Array { elem, size })
    }

    // ---- queries ----

    pub fn is_error(&self, id: TypeId) -> bool {
        matches!(self.get(id), Type::Error)
    }

    /// The scalar type of a scalar, vector or matrix.
    pub fn scalar_of(&self, id: TypeId) -> Option<Scalar> {
        match *self.get(id) {
            Type::Scalar(s) | Type::Vector(s, _) | Type::Matrix { scalar: s, .. } => Some(s),
            _ => None,
        }
    }

    /// Number of components of a scalar (1) or vector; `None` for anything else.
    pub fn vector_size(&self, id: TypeId) -> Option<u8> {
        match *self.get(id) {
            Type::Scalar(_) => Some(1),
            Type::Vector(_, n) => Some(n),
            _ => None,
        }
    }

    pub fn is_scalar(&self, id: TypeId) -> bool {
        matches!(self.get(id), Type::Scalar(_))
    }

    pub fn is_vector(&self, id: TypeId) -> bool {
        matches!(self.get(id), Type::Vector(..))
    }

    pub fn is_matrix(&self, id: TypeId) -> bool {
        matches!(self.get(id), Type::Matrix { .. })
    }

    pub fn is_array(&self, id: TypeId) -> bool {
        matches!(self.get(id), Type::Array { .. })
    }

    pub fn is_struct(&self, id: TypeId) -> bool {
        matches!(self.get(id), Type::Struct(_))
    }

    /// Scalars, vectors and matrices.
    pub fn is_numeric_or_bool(&self, id: TypeId) -> bool {
        matches!(
            self.get(id),
            Type::Scalar(_) | Type::Vector(..) | Type::Matrix { .. }
        )
    }

    /// Whether values of this type may not be copied, compared or assigned: opaque types, and
    /// structs or arrays containing them.
    pub fn contains_opaque(&self, id: TypeId) -> bool {
        self.any_part(id, &|t| {
            matches!(
                t,
                Type::Opaque(_)
                    | Type::SamplerState { .. }
                    | Type::AtomicUint
                    | Type::AccelerationStructure
                    | Type::RayQuery
                    | Type::HitObjectNV
                    | Type::HitObjectEXT
                    | Type::Subroutine(_)
                    | Type::Ext(ExtType::Tensor { .. })
            )
        })
    }

    /// Whether a struct or array contains an array (for the rules that forbid arrays of
    /// arrays before GLSL 4.30, and comparisons of arrays in ES 1.00).
    pub fn contains_array(&self, id: TypeId) -> bool {
        self.any_part(id, &|t| matches!(t, Type::Array { .. }))
    }

    /// Whether `pred` holds for a type or any type inside it (array elements, struct and
    /// block members, recursively). A block type met inside another type is a buffer
    /// reference (GL_EXT_buffer_reference): a pointer, so a leaf, which also keeps
    /// self-referencing reference types finite.
    pub fn any_part(&self, id: TypeId, pred: &dyn Fn(&Type) -> bool) -> bool {
        self.any_part_from(id, pred, true)
    }

    fn any_part_from(&self, id: TypeId, pred: &dyn Fn(&Type) -> bool, top: bool) -> bool {
        let t = self.get(id);
        if pred(t) {
            return true;
        }
        match t {
            Type::Array { elem, .. } => self.any_part_from(*elem, pred, top),
            Type::Struct(s) => {
                let def = self.struct_def(*s);
                if def.kind == StructKind::Block && !top {
                    return false;
                }
                def.members
                    .iter()
                    .any(|m| self.any_part_from(m.ty, pred, false))
            }
            _ => false,
        }
    }

    /// Whether a type is a buffer reference when it is met inside another type (a member or
    /// element): a block type.
    pub fn is_block(&self, id: TypeId) -> bool {
        matches!(self.get(id), Type::Struct(s) if self.struct_def(*s).kind == StructKind::Block)
    }

    /// The element type of an array, the column type of a matrix, the component type of a
    /// vector (also of cooperative matrices and vectors and long vectors): what `[]` gives.
    pub fn index_result(&mut self, id: TypeId) -> Option<TypeId> {
        match self.get(id) {
            Type::Array { elem, .. } => Some(*elem),
            Type::Matrix { scalar, rows, .. } => {
                let (s, r) = (*scalar, *rows);
                Some(self.vector(s, r))
            }
            Type::Vector(s, _) => {
                let s = *s;
                Some(self.scalar(s))
            }
            Type::Ext(
                ExtType::CoopMat(CoopMat { elem, .. })
                | ExtType::CoopVec { elem, .. }
                | ExtType::LongVector { elem, .. },
            ) => Some(*elem),
            _ => None,
        }
    }

    /// The number of elements `[]` can index: array length, matrix columns, vector size, the
    /// length of a cooperative or long vector given by a constant. Indices into cooperative
    /// matrices are not bounded at compile time.
    pub fn index_bound(&self, id: TypeId) -> Option<u32> {
        match self.get(id) {
            Type::Array {
                size: ArraySize::Fixed(n),
                ..
            } => Some(*n),
            Type::Matrix { cols, .. } => Some(*cols as u32),
            Type::Vector(_, n) => Some(*n as u32),
            Type::Ext(ExtType::CoopVec { len, .. } | ExtType::LongVector { len, .. }) => {
                len.known()
            }
            _ => None,
        }
    }

    /// The parameterized extension type of a type id, if it is one.
    pub fn ext(&self, id: TypeId) -> Option<&ExtType> {
        match self.get(id) {
            Type::Ext(e) => Some(e),
            _ => None,
        }
    }

    /// The scalar type of a scalar type id.
    pub fn as_scalar(&self, id: TypeId) -> Option<Scalar> {
        match *self.get(id) {
            Type::Scalar(s) => Some(s),
            _ => None,
        }
    }

    /// Total number of scalar components (for constructors); `None` for non-numeric types.
    pub fn component_count(&self, id: TypeId) -> Option<u32> {
        match *self.get(id) {
            Type::Scalar(_) => Some(1),
            Type::Vector(_, n) => Some(n as u32),
            Type::Matrix { cols, rows, .. } => Some(cols as u32 * rows as u32),
            _ => None,
        }
    }

    /// The same shape with another scalar type (`vec3` -> `ivec3`).
    pub fn with_scalar(&mut self, id: TypeId, s: Scalar) -> TypeId {
        match *self.get(id) {
            Type::Scalar(_) => self.scalar(s),
            Type::Vector(_, n) => self.intern(Type::Vector(s, n)),
            Type::Matrix { cols, rows, .. } => self.matrix(s, cols, rows),
            _ => id,
        }
    }

    /// Arrays peeled to the innermost element type.
    pub fn innermost(&self, mut id: TypeId) -> TypeId {
        while let Type::Array { elem, .. } = *self.get(id) {
            id = elem;
        }
        id
    }

    /// The type as GLSL writes it.
    pub fn display(&self, id: TypeId, interner: &Interner) -> String {
        match self.get(id) {
            Type::Error => "<error>".into(),
            Type::Struct(s) => {
                let d = self.struct_def(*s);
                match (d.name, d.kind) {
                    (Some(n), StructKind::Struct) => interner.resolve(n).to_string(),
                    (Some(n), StructKind::Block) => format!("block {}", interner.resolve(n)),
                    (None, _) => "struct <anonymous>".into(),
                }
            }
            Type::Array { elem, size } => {
                // GLSL writes dimensions outermost first: float[2][3] is 2 arrays of float[3].
                let mut dims = String::new();
                let mut cur = id;
                while let Type::Array { elem, size } = self.get(cur) {
                    match size {
                        ArraySize::Fixed(n) => dims.push_str(&format!("[{n}]")),
                        ArraySize::Unsized => dims.push_str("[]"),
                    }
                    cur = *elem;
                }
                let _ = (elem, size);
                format!("{}{dims}", self.display(cur, interner))
            }
            Type::ExtOpaque(s) | Type::Subroutine(s) => interner.resolve(*s).to_string(),
            Type::Ext(e) => self.display_ext(e, interner),
            _ => self.to_btype(id).map_or_else(|| "?".into(), |b| b.name()),
        }
    }
}

impl TypeTable {
    fn display_ext(&self, e: &ExtType, interner: &Interner) -> String {
        let p = |v: ParamValue| v.display(interner);
        match e {
            ExtType::CoopMat(m) => {
                let scope = scope_name(m.scope).map_or_else(|| p(m.scope), str::to_string);
                match m.usage {
                    Some(u) => format!(
                        "coopmat<{}, {scope}, {}, {}, {}>",
                        self.display(m.elem, interner),
                        p(m.rows),
                        p(m.cols),
                        use_name(u).map_or_else(|| p(u), str::to_string)
                    ),
                    None => {
                        let (prefix, bits) = match self.as_scalar(m.elem) {
                            Some(s) if s.is_signed_int() => ("i", s.bits()),
                            Some(s) if s.is_unsigned_int() => ("u", s.bits()),
                            Some(s) => ("f", s.bits()),
                            None => ("f", 0),
                        };
                        format!(
                            "{prefix}coopmatNV<{bits}, {scope}, {}, {}>",
                            p(m.rows),
                            p(m.cols)
                        )
                    }
                }
            }
            ExtType::CoopVec { elem, len } => {
                format!("coopvecNV<{}, {}>", self.display(*elem, interner), p(*len))
            }
            ExtType::LongVector { elem, len } => {
                format!("vector<{}, {}>", self.display(*elem, interner), p(*len))
            }
            ExtType::Tensor { elem, rank } => {
                format!("tensorARM<{}, {rank}>", self.display(*elem, interner))
            }
            ExtType::TensorLayout { dim, clamp } => {
                format!("tensorLayoutNV<{}, {}>", p(*dim), p(*clamp))
            }
            ExtType::TensorView {
                dim,
                has_dims,
                perm,
            } => {
                let mut parts = vec![
                    p(*dim),
                    if has_dims.known() == Some(0) {
                        "false".to_string()
                    } else if has_dims.known() == Some(1) {
                        "true".to_string()
                    } else {
                        p(*has_dims)
                    },
                ];
                parts.extend(perm.iter().map(|v| p(*v)));
                format!("tensorViewNV<{}>", parts.join(", "))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interning_and_display() {
        let mut t = TypeTable::new();
        let i = Interner::new();
        let v3 = t.vector(Scalar::F32, 3);
        assert_eq!(t.vector(Scalar::F32, 3), v3);
        assert_eq!(t.vector(Scalar::F32, 1), ids::FLOAT);
        let a = t.array(v3, ArraySize::Fixed(3));
        let aa = t.array(a, ArraySize::Fixed(2));
        assert_eq!(t.display(aa, &i), "vec3[2][3]");
        let m = t.matrix(Scalar::F64, 2, 3);
        assert_eq!(t.display(m, &i), "dmat2x3");
        let col = t.index_result(m).unwrap();
        assert_eq!(t.display(col, &i), "dvec3");
        assert_eq!(t.component_count(m), Some(6));
        let iv = t.with_scalar(v3, Scalar::I32);
        assert_eq!(t.display(iv, &i), "ivec3");
    }
}
