//! The types of variables and derefs (values themselves are typeless: a bit size and a
//! component count). Interned in a [`Types`] table, compared by index.

use crate::define_id;
use crate::entity::EntityVec;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

define_id!(
    /// An interned type.
    TypeId,
    "t"
);

/// The kind of a scalar.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum BaseType {
    Float,
    Int,
    Uint,
    Bool,
}

impl BaseType {
    pub fn letter(self) -> &'static str {
        match self {
            BaseType::Float => "f",
            BaseType::Int => "i",
            BaseType::Uint => "u",
            BaseType::Bool => "b",
        }
    }
}

/// What a sampler or image samples.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum SamplerDim {
    D1,
    D2,
    D3,
    Cube,
    Rect,
    Buffer,
    /// Multisampled 2D.
    Ms,
    /// A subpass input (Vulkan).
    Subpass,
    SubpassMs,
    /// `samplerExternalOES`.
    External,
}

impl SamplerDim {
    pub fn name(self) -> &'static str {
        match self {
            SamplerDim::D1 => "1d",
            SamplerDim::D2 => "2d",
            SamplerDim::D3 => "3d",
            SamplerDim::Cube => "cube",
            SamplerDim::Rect => "rect",
            SamplerDim::Buffer => "buf",
            SamplerDim::Ms => "ms",
            SamplerDim::Subpass => "subpass",
            SamplerDim::SubpassMs => "subpass_ms",
            SamplerDim::External => "external",
        }
    }

    pub fn from_name(s: &str) -> Option<SamplerDim> {
        Some(match s {
            "1d" => SamplerDim::D1,
            "2d" => SamplerDim::D2,
            "3d" => SamplerDim::D3,
            "cube" => SamplerDim::Cube,
            "rect" => SamplerDim::Rect,
            "buf" => SamplerDim::Buffer,
            "ms" => SamplerDim::Ms,
            "subpass" => SamplerDim::Subpass,
            "subpass_ms" => SamplerDim::SubpassMs,
            "external" => SamplerDim::External,
            _ => return None,
        })
    }

    /// Coordinate components addressing a texel (without the array layer).
    pub fn coord_components(self) -> u8 {
        match self {
            SamplerDim::D1 | SamplerDim::Buffer => 1,
            SamplerDim::D2
            | SamplerDim::Rect
            | SamplerDim::Ms
            | SamplerDim::Subpass
            | SamplerDim::SubpassMs
            | SamplerDim::External => 2,
            SamplerDim::D3 | SamplerDim::Cube => 3,
        }
    }
}

/// A type.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Type {
    /// `components` is 1 for scalars.
    Vector {
        base: BaseType,
        bits: u8,
        components: u8,
    },
    /// Column-major: `columns` vectors of `rows` components.
    Matrix {
        bits: u8,
        columns: u8,
        rows: u8,
    },
    /// `len` 0: unsized (runtime-sized).
    Array {
        elem: TypeId,
        len: u32,
        stride: u32,
    },
    Struct {
        name: String,
        fields: Vec<Field>,
        /// An interface block (uniform, buffer, in/out).
        block: bool,
    },
    Sampler {
        dim: SamplerDim,
        array: bool,
        shadow: bool,
        /// The component type sampled (`None` for a `sampler` without texture).
        result: Option<BaseType>,
    },
    Image {
        dim: SamplerDim,
        array: bool,
        result: BaseType,
    },
    AtomicCounter,
    /// Types the IR carries without modelling (extension types).
    Opaque(String),
}

/// A member of a struct.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Field {
    pub name: String,
    pub ty: TypeId,
    /// Byte offset in a block with an explicit layout.
    pub offset: Option<u32>,
    pub row_major: bool,
    /// Matrix stride in a block with an explicit layout.
    pub matrix_stride: Option<u32>,
}

/// The interned types of a shader.
#[derive(Clone, Debug, Default)]
pub struct Types {
    list: EntityVec<TypeId, Type>,
    /// The types by the hash of their value, to compare against `list` (performance: a
    /// new type is stored once, not cloned into a key: a struct's clone is a copy of its
    /// name and of every field name).
    index: FxHashMap<u64, SmallVec<[TypeId; 1]>>,
    /// Precision qualifiers of struct members (`RelaxedPrecision` on members in SPIR-V), by
    /// struct type: one entry per field. Structs without any are absent.
    member_precision: FxHashMap<TypeId, Vec<crate::shader::Precision>>,
    /// Array types whose length is a specialization-constant expression (see
    /// [`Types::spec_array`]), and their deduplication index. Lookups only.
    spec_lengths: FxHashMap<TypeId, SpecExpr>,
    spec_index: FxHashMap<(TypeId, u32, u32, SpecExpr), TypeId>,
    /// The scalar and vector types of up to four components interned so far, by
    /// [`vector_slot`] (performance: lowering asks for them all the time; an array read
    /// instead of hashing the type and probing `index`).
    vectors: VectorSlots,
}

/// Ids of the common scalar and vector types, [`NO_SLOT`] where not interned yet or not
/// below it (those are found through `index`). One byte each: the table is moved with
/// every `Types` and `Shader` (performance).
#[derive(Clone)]
struct VectorSlots([u8; 4 * 5 * 4]);

const NO_SLOT: u8 = u8::MAX;

impl Default for VectorSlots {
    fn default() -> VectorSlots {
        VectorSlots([NO_SLOT; 4 * 5 * 4])
    }
}

impl std::fmt::Debug for VectorSlots {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // A cache of `list`: nothing of its own to show.
        f.write_str("..")
    }
}

/// The slot of a scalar or vector type in [`Types::vectors`], if it has one.
fn vector_slot(base: BaseType, bits: u8, components: u8) -> Option<usize> {
    let b = match base {
        BaseType::Float => 0,
        BaseType::Int => 1,
        BaseType::Uint => 2,
        BaseType::Bool => 3,
    };
    let w = match bits {
        1 => 0,
        8 => 1,
        16 => 2,
        32 => 3,
        64 => 4,
        _ => return None,
    };
    if !(1..=4).contains(&components) {
        return None;
    }
    Some((b * 5 + w) * 4 + usize::from(components - 1))
}

impl Types {
    pub fn new() -> Types {
        Types::default()
    }

    /// An empty table with room for about `n` types (performance: a front end that knows
    /// roughly how many it will make does not regrow the list and the index one at a time).
    pub fn with_capacity(n: usize) -> Types {
        let mut t = Types::default();
        t.list.reserve(n);
        t.index.reserve(n);
        t
    }

    pub fn intern(&mut self, t: Type) -> TypeId {
        use std::hash::BuildHasher;
        let h = rustc_hash::FxBuildHasher.hash_one(&t);
        let Types {
            list,
            index,
            vectors,
            ..
        } = self;
        let ids = index.entry(h).or_default();
        if let Some(&id) = ids.iter().find(|&&id| list[id] == t) {
            return id;
        }
        if let Type::Vector {
            base,
            bits,
            components,
        } = &t
        {
            if let (Some(k), Ok(id)) = (
                vector_slot(*base, *bits, *components),
                u8::try_from(list.len()),
            ) {
                vectors.0[k] = id;
            }
        }
        let id = list.push(t);
        ids.push(id);
        id
    }

    pub fn get(&self, id: TypeId) -> &Type {
        &self.list[id]
    }

    pub fn iter(&self) -> impl Iterator<Item = (TypeId, &Type)> {
        self.list.iter()
    }

    pub fn len(&self) -> usize {
        self.list.len()
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    pub fn scalar(&mut self, base: BaseType, bits: u8) -> TypeId {
        self.vector(base, bits, 1)
    }

    pub fn vector(&mut self, base: BaseType, bits: u8, components: u8) -> TypeId {
        let slot = vector_slot(base, bits, components);
        if let Some(&id) = slot.and_then(|k| self.vectors.0.get(k)) {
            if id != NO_SLOT {
                return TypeId(u32::from(id));
            }
        }
        self.intern(Type::Vector {
            base,
            bits,
            components,
        })
    }

    pub fn float(&mut self) -> TypeId {
        self.scalar(BaseType::Float, 32)
    }

    pub fn array(&mut self, elem: TypeId, len: u32) -> TypeId {
        self.intern(Type::Array {
            elem,
            len,
            stride: 0,
        })
    }

    /// The bit size and component count of a value of this type, for vectors and scalars.
    pub fn value_shape(&self, id: TypeId) -> Option<(u8, u8)> {
        match *self.get(id) {
            Type::Vector {
                base,
                bits,
                components,
            } => Some((if base == BaseType::Bool { 1 } else { bits }, components)),
            _ => None,
        }
    }

    /// The type one level down: an array's element, a matrix's column.
    pub fn element(&mut self, id: TypeId) -> Option<TypeId> {
        // Matched by reference, the fields copied out (performance: no clone of the type,
        // which for a struct copies its name and every field name).
        match *self.get(id) {
            Type::Array { elem, .. } => Some(elem),
            Type::Matrix { bits, rows, .. } => Some(self.vector(BaseType::Float, bits, rows)),
            Type::Vector { base, bits, .. } => Some(self.scalar(base, bits)),
            _ => None,
        }
    }

    /// Number of elements an array or matrix (columns) or vector has.
    pub fn length(&self, id: TypeId) -> Option<u32> {
        match *self.get(id) {
            Type::Array { len, .. } => Some(len),
            Type::Matrix { columns, .. } => Some(u32::from(columns)),
            Type::Vector { components, .. } => Some(u32::from(components)),
            _ => None,
        }
    }

    /// Scalars a value of this type holds (for struct and array sizes in interpreter
    /// storage), `None` for opaque types.
    pub fn slot_count(&self, id: TypeId) -> Option<usize> {
        Some(match self.get(id) {
            Type::Vector { components, .. } => usize::from(*components),
            Type::Matrix { columns, rows, .. } => usize::from(*columns) * usize::from(*rows),
            Type::Array { elem, len, .. } => self.slot_count(*elem)? * (*len).max(1) as usize,
            Type::Struct { fields, .. } => {
                let mut n = 0;
                for f in fields {
                    n += self.slot_count(f.ty)?;
                }
                n
            }
            _ => return None,
        })
    }

    /// The type written as in the text form (`vec4`, `f32x3`, `[4 x t3]`, `struct S`).
    pub fn display(&self, id: TypeId) -> String {
        match self.get(id) {
            Type::Vector {
                base,
                bits,
                components,
            } => {
                let b = if *base == BaseType::Bool {
                    "bool".to_string()
                } else {
                    format!("{}{}", base.letter(), bits)
                };
                if *components == 1 {
                    b
                } else {
                    format!("{b}x{components}")
                }
            }
            Type::Matrix {
                bits,
                columns,
                rows,
            } => format!("f{bits}mat{columns}x{rows}"),
            Type::Array { elem, len, stride } => {
                let inner = self.display(*elem);
                let mut t = match stride {
                    0 => format!("[{len} x {inner}"),
                    s => format!("[{len} x {inner}, stride {s}"),
                };
                // Issue 5: a length given by specialization constants (parse.rs reads it).
                if let Some(e) = self.spec_length(id) {
                    t.push_str(&format!(", spec \"{}\"", e.text()));
                }
                t.push(']');
                t
            }
            Type::Struct { name, .. } => format!("%{name}"),
            Type::Sampler {
                dim,
                array,
                shadow,
                result,
            } => format!(
                "sampler_{}{}{}{}",
                dim.name(),
                if *array { "_array" } else { "" },
                if *shadow { "_shadow" } else { "" },
                result.map_or(String::new(), |r| format!("_{}", r.letter()))
            ),
            Type::Image { dim, array, result } => format!(
                "image_{}{}_{}",
                dim.name(),
                if *array { "_array" } else { "" },
                result.letter()
            ),
            Type::AtomicCounter => "atomic_uint".into(),
            Type::Opaque(n) => format!("opaque \"{n}\""),
        }
    }
}

/// Precision of struct members (issue 5 preparation: back ends decorate members).
impl Types {
    /// Records the precisions of the fields of struct type `id` (one per field; all `None`
    /// or a length that does not match the fields clears the record).
    pub fn set_member_precision(&mut self, id: TypeId, p: Vec<crate::shader::Precision>) {
        let fields = match self.list.get(id) {
            Some(Type::Struct { fields, .. }) => fields.len(),
            _ => return,
        };
        if p.len() != fields || p.iter().all(|x| *x == crate::shader::Precision::None) {
            self.member_precision.remove(&id);
        } else {
            self.member_precision.insert(id, p);
        }
    }

    /// The precision of field `field` of struct type `id`.
    pub fn member_precision(&self, id: TypeId, field: usize) -> crate::shader::Precision {
        self.member_precision
            .get(&id)
            .and_then(|v| v.get(field).copied())
            .unwrap_or_default()
    }
}

/// Interface facts shared by linking and the back ends.
impl Types {
    /// How many locations a stage input or output of this type takes (GLSL 4.60 §4.4.1):
    /// one per scalar or vector, two for a 64-bit vector of three or four components, one
    /// per matrix column (two for `dmat3xN`/`dmat4xN` columns of three or four rows), array
    /// elements and struct members one after the other.
    pub fn location_count(&self, id: TypeId) -> u32 {
        match self.get(id) {
            Type::Vector {
                bits, components, ..
            } => 1 + u32::from(*bits == 64 && *components > 2),
            Type::Matrix {
                bits,
                columns,
                rows,
            } => u32::from(*columns) * (1 + u32::from(*bits == 64 && *rows > 2)),
            Type::Array { elem, len, .. } => {
                self.location_count(*elem).saturating_mul((*len).max(1))
            }
            Type::Struct { fields, .. } => fields
                .iter()
                .fold(0u32, |n, f| n.saturating_add(self.location_count(f.ty))),
            _ => 1,
        }
    }

    /// Samplers, images, atomic counters and extension opaque types, or arrays of them.
    pub fn is_opaque(&self, id: TypeId) -> bool {
        match self.get(id) {
            Type::Array { elem, .. } => self.is_opaque(*elem),
            Type::Sampler { .. } | Type::Image { .. } | Type::AtomicCounter | Type::Opaque(_) => {
                true
            }
            Type::Struct { fields, .. } => fields.iter().any(|f| self.is_opaque(f.ty)),
            _ => false,
        }
    }
}

// ---- array lengths given by specialization constants (issue 5, helper B) ----

/// The operation of a [`SpecExpr::Op`]: what SPIR-V's `OpSpecConstantOp` allows in shaders
/// for integer and boolean scalars (conversions between widths and signedness included).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum SpecOp {
    SNegate,
    Not,
    IAdd,
    ISub,
    IMul,
    UDiv,
    SDiv,
    UMod,
    SRem,
    SMod,
    ShiftRightLogical,
    ShiftRightArithmetic,
    ShiftLeftLogical,
    BitwiseOr,
    BitwiseXor,
    BitwiseAnd,
    LogicalOr,
    LogicalAnd,
    LogicalNot,
    LogicalEqual,
    LogicalNotEqual,
    IEqual,
    INotEqual,
    ULessThan,
    SLessThan,
    UGreaterThan,
    SGreaterThan,
    ULessThanEqual,
    SLessThanEqual,
    UGreaterThanEqual,
    SGreaterThanEqual,
    /// `cond ? a : b` (three operands).
    Select,
    /// Width change, zero-extending.
    UConvert,
    /// Width change, sign-extending.
    SConvert,
}

/// A scalar integer or boolean expression over specialization constants, evaluated when
/// the pipeline is specialized (SPIR-V `OpSpecConstantOp`). Each node has its result type
/// (`base`, `bits`; booleans are `Bool`, 1 bit).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum SpecExpr {
    /// A literal (bit pattern, zero-extended).
    Const {
        base: BaseType,
        bits: u8,
        value: u64,
    },
    /// The specialization constant with this `constant_id` (one of
    /// `ShaderInfo::spec_constants`).
    SpecConstant { id: u32, base: BaseType, bits: u8 },
    /// Component 0..=2 of `gl_WorkGroupSize` when `local_size_*_id` makes it specializable
    /// (a 32-bit unsigned integer).
    WorkgroupSize(u8),
    Op {
        op: SpecOp,
        base: BaseType,
        bits: u8,
        args: Vec<SpecExpr>,
    },
}

impl SpecExpr {
    /// The result type.
    pub fn ty(&self) -> (BaseType, u8) {
        match self {
            SpecExpr::Const { base, bits, .. }
            | SpecExpr::SpecConstant { base, bits, .. }
            | SpecExpr::Op { base, bits, .. } => (*base, *bits),
            SpecExpr::WorkgroupSize(_) => (BaseType::Uint, 32),
        }
    }

    /// Nodes in the tree (to bound the work done on it).
    pub fn node_count(&self) -> usize {
        match self {
            SpecExpr::Op { args, .. } => 1 + args.iter().map(SpecExpr::node_count).sum::<usize>(),
            _ => 1,
        }
    }
}

/// Arrays whose length is a specialization-constant expression (`float a[N];`,
/// `shared float t[gl_WorkGroupSize.x];`). Such an array is an ordinary [`Type::Array`]
/// whose `len` is the length with the default values (what layouts, the interpreter and
/// the optimizer use), interned apart from the plain array of that length and recorded
/// here with the expression, so back ends that can (SPIR-V) keep the length specializable.
/// Code that re-interns a cloned `Type::Array` gets the plain array (the default length).
impl Types {
    /// The array of `len` (the default value of `expr`) elements of `elem` whose length is
    /// `expr` when specialized.
    pub fn spec_array(&mut self, elem: TypeId, len: u32, stride: u32, expr: SpecExpr) -> TypeId {
        let key = (elem, len, stride, expr);
        if let Some(&id) = self.spec_index.get(&key) {
            return id;
        }
        let id = self.list.push(Type::Array { elem, len, stride });
        self.spec_lengths.insert(id, key.3.clone());
        self.spec_index.insert(key, id);
        id
    }

    /// The specialization-constant expression giving the length of array type `id`.
    pub fn spec_length(&self, id: TypeId) -> Option<&SpecExpr> {
        self.spec_lengths.get(&id)
    }

    /// Whether `id` or a type inside it is an array with a specializable length.
    pub fn has_spec_length(&self, id: TypeId) -> bool {
        if self.spec_lengths.is_empty() {
            return false;
        }
        if self.spec_lengths.contains_key(&id) {
            return true;
        }
        match self.get(id) {
            Type::Array { elem, .. } => self.has_spec_length(*elem),
            Type::Struct { fields, .. } => fields.iter().any(|f| self.has_spec_length(f.ty)),
            _ => false,
        }
    }
}

/// The text form of specialization-constant array lengths (issue 5, helper B), for the
/// IR printer and parser: literals `i32:5`, `u32:3`, `b1:1`; constants `spec1:i32` (the
/// `constant_id`, then the type); `wg0`..`wg2` (components of `gl_WorkGroupSize`);
/// operations `(imul:i32 spec1:i32 i32:2)`. [`SpecExpr::parse`] reads what
/// [`SpecExpr::text`] writes (`SpecExpr::parse(&e.text()) == Some(e)`).
impl SpecOp {
    const NAMES: [(SpecOp, &'static str); 34] = [
        (SpecOp::SNegate, "ineg"),
        (SpecOp::Not, "inot"),
        (SpecOp::IAdd, "iadd"),
        (SpecOp::ISub, "isub"),
        (SpecOp::IMul, "imul"),
        (SpecOp::UDiv, "udiv"),
        (SpecOp::SDiv, "idiv"),
        (SpecOp::UMod, "umod"),
        (SpecOp::SRem, "irem"),
        (SpecOp::SMod, "imod"),
        (SpecOp::ShiftRightLogical, "ushr"),
        (SpecOp::ShiftRightArithmetic, "ishr"),
        (SpecOp::ShiftLeftLogical, "ishl"),
        (SpecOp::BitwiseOr, "ior"),
        (SpecOp::BitwiseXor, "ixor"),
        (SpecOp::BitwiseAnd, "iand"),
        (SpecOp::LogicalOr, "lor"),
        (SpecOp::LogicalAnd, "land"),
        (SpecOp::LogicalNot, "lnot"),
        (SpecOp::LogicalEqual, "leq"),
        (SpecOp::LogicalNotEqual, "lne"),
        (SpecOp::IEqual, "ieq"),
        (SpecOp::INotEqual, "ine"),
        (SpecOp::ULessThan, "ult"),
        (SpecOp::SLessThan, "ilt"),
        (SpecOp::UGreaterThan, "ugt"),
        (SpecOp::SGreaterThan, "igt"),
        (SpecOp::ULessThanEqual, "ule"),
        (SpecOp::SLessThanEqual, "ile"),
        (SpecOp::UGreaterThanEqual, "uge"),
        (SpecOp::SGreaterThanEqual, "ige"),
        (SpecOp::Select, "bcsel"),
        (SpecOp::UConvert, "uconv"),
        (SpecOp::SConvert, "iconv"),
    ];

    pub fn name(self) -> &'static str {
        Self::NAMES
            .iter()
            .find(|(o, _)| *o == self)
            .map_or("?", |(_, n)| n)
    }

    pub fn from_name(s: &str) -> Option<SpecOp> {
        Self::NAMES.iter().find(|(_, n)| *n == s).map(|(o, _)| *o)
    }
}

impl SpecExpr {
    /// Nesting the parser accepts.
    pub const MAX_DEPTH: usize = 64;

    fn ty_text(base: BaseType, bits: u8) -> String {
        format!("{}{bits}", base.letter())
    }

    fn parse_ty(s: &str) -> Option<(BaseType, u8)> {
        let (b, n) = s.split_at(1.min(s.len()));
        let base = match b {
            "i" => BaseType::Int,
            "u" => BaseType::Uint,
            "b" => BaseType::Bool,
            "f" => BaseType::Float,
            _ => return None,
        };
        let bits: u8 = n.parse().ok()?;
        matches!(bits, 1 | 8 | 16 | 32 | 64).then_some((base, bits))
    }

    /// The text form.
    pub fn text(&self) -> String {
        match self {
            SpecExpr::Const { base, bits, value } => {
                format!("{}:{value}", Self::ty_text(*base, *bits))
            }
            SpecExpr::SpecConstant { id, base, bits } => {
                format!("spec{id}:{}", Self::ty_text(*base, *bits))
            }
            SpecExpr::WorkgroupSize(c) => format!("wg{c}"),
            SpecExpr::Op {
                op,
                base,
                bits,
                args,
            } => {
                let mut s = format!("({}:{}", op.name(), Self::ty_text(*base, *bits));
                for a in args {
                    s.push(' ');
                    s.push_str(&a.text());
                }
                s.push(')');
                s
            }
        }
    }

    /// Reads the text form (the whole string); `None` when it is not one.
    pub fn parse(s: &str) -> Option<SpecExpr> {
        let (e, rest) = Self::parse_at(s.trim(), 0)?;
        rest.trim().is_empty().then_some(e)
    }

    fn parse_at(s: &str, depth: usize) -> Option<(SpecExpr, &str)> {
        if depth > Self::MAX_DEPTH {
            return None;
        }
        let s = s.trim_start();
        if let Some(inner) = s.strip_prefix('(') {
            let end = inner.find(|c: char| c.is_whitespace() || c == ')')?;
            let (head, mut rest) = inner.split_at(end);
            let (name, ty) = head.split_once(':')?;
            let op = SpecOp::from_name(name)?;
            let (base, bits) = Self::parse_ty(ty)?;
            let mut args = Vec::new();
            loop {
                rest = rest.trim_start();
                if let Some(r) = rest.strip_prefix(')') {
                    return Some((
                        SpecExpr::Op {
                            op,
                            base,
                            bits,
                            args,
                        },
                        r,
                    ));
                }
                if args.len() >= 3 {
                    return None;
                }
                let (a, r) = Self::parse_at(rest, depth + 1)?;
                args.push(a);
                rest = r;
            }
        }
        let end = s
            .find(|c: char| c.is_whitespace() || c == ')' || c == ']' || c == ',')
            .unwrap_or(s.len());
        let (tok, rest) = s.split_at(end);
        if let Some(c) = tok.strip_prefix("wg") {
            let c: u8 = c.parse().ok().filter(|c| *c < 3)?;
            return Some((SpecExpr::WorkgroupSize(c), rest));
        }
        if let Some(t) = tok.strip_prefix("spec") {
            let (id, ty) = t.split_once(':')?;
            let (base, bits) = Self::parse_ty(ty)?;
            let id = id.parse().ok()?;
            return Some((SpecExpr::SpecConstant { id, base, bits }, rest));
        }
        let (ty, v) = tok.split_once(':')?;
        let (base, bits) = Self::parse_ty(ty)?;
        let value = v.parse().ok()?;
        Some((SpecExpr::Const { base, bits, value }, rest))
    }
}

#[cfg(test)]
mod spec_expr_tests {
    use super::*;

    #[test]
    fn text_round_trips() {
        let e = SpecExpr::Op {
            op: SpecOp::Select,
            base: BaseType::Int,
            bits: 32,
            args: vec![
                SpecExpr::Op {
                    op: SpecOp::SGreaterThan,
                    base: BaseType::Bool,
                    bits: 1,
                    args: vec![
                        SpecExpr::SpecConstant {
                            id: 3,
                            base: BaseType::Int,
                            bits: 32,
                        },
                        SpecExpr::Const {
                            base: BaseType::Int,
                            bits: 32,
                            value: 4,
                        },
                    ],
                },
                SpecExpr::WorkgroupSize(1),
                SpecExpr::Const {
                    base: BaseType::Uint,
                    bits: 64,
                    value: u64::MAX,
                },
            ],
        };
        let t = e.text();
        assert_eq!(
            t,
            "(bcsel:i32 (igt:b1 spec3:i32 i32:4) wg1 u64:18446744073709551615)"
        );
        assert_eq!(SpecExpr::parse(&t), Some(e));
        for bad in [
            "",
            "(imul:i32",
            "(nop:i32 i32:1)",
            "wg3",
            "spec:i32",
            "i32:x",
            "(iadd:i32 i32:1 i32:2 i32:3 i32:4)",
        ] {
            assert_eq!(SpecExpr::parse(bad), None, "{bad}");
        }
        let deep = "(ineg:i32 ".repeat(100) + "i32:1" + &")".repeat(100);
        assert_eq!(SpecExpr::parse(&deep), None);
    }
}
