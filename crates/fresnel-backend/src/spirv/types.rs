//! Types, constants and global variables: IR types to SPIR-V types (with the explicit layout
//! decorations of block types), value kinds, constants, storage classes, the declarations
//! and decorations of the shader's variables, and function signatures.

use fresnel_ir::{
    access, BaseType, Constant, FuncId, Interp, ParamDir, SamplerDim, Sampling, Type, TypeId,
    VarId, VarMode,
};

use super::spec::{builtin, cap, decor, image_format, op, storage};
use super::{coopmat_nv, ext, Module, Result, SpirvError};
use smallvec::SmallVec;

/// The transform feedback buffer of an output (a block's members may say it).
fn xfb_buffer_of(v: &fresnel_ir::Variable) -> u32 {
    v.members
        .iter()
        .find_map(|m| m.xfb_buffer)
        .or(v.xfb_buffer)
        .unwrap_or(0)
}

/// `gl_ObjectToWorld3x4EXT` and `gl_WorldToObject3x4EXT`: the transposes of the `mat4x3`
/// built-ins, declared as those and read transposed.
pub fn transposed_builtin(v: &fresnel_ir::Variable) -> bool {
    v.builtin
        && matches!(
            v.name.as_str(),
            "gl_ObjectToWorld3x4EXT" | "gl_WorldToObject3x4EXT"
        )
}

/// The storage class of an extension storage qualifier (`Variable::ext_storage`).
pub fn ext_storage_class(name: &str) -> Option<u32> {
    use ext::storage as s;
    // The EXT hit-object attributes have a storage class of their own.
    if name == "hitObjectAttributeEXT" {
        return Some(s::HIT_OBJECT_ATTRIBUTE_EXT);
    }
    let strip = name
        .strip_suffix("EXT")
        .or_else(|| name.strip_suffix("NV"))
        .unwrap_or(name);
    Some(match strip {
        "rayPayload" => s::RAY_PAYLOAD_KHR,
        "rayPayloadIn" => s::INCOMING_RAY_PAYLOAD_KHR,
        "hitAttribute" => s::HIT_ATTRIBUTE_KHR,
        "callableData" => s::CALLABLE_DATA_KHR,
        "callableDataIn" => s::INCOMING_CALLABLE_DATA_KHR,
        "shaderRecord" => s::SHADER_RECORD_BUFFER_KHR,
        "taskPayloadShared" => s::TASK_PAYLOAD_WORKGROUP_EXT,
        // GL_EXT_shader_tile_image (`instr/tile_image.rs`).
        "tileImage" => s::TILE_IMAGE_EXT,
        "hitObjectAttribute" => s::HIT_OBJECT_ATTRIBUTE_NV,
        // GL_QCOM_tile_shading (issue 5, helper F).
        "tile_attachmentQCOM" => super::tile_shading::STORAGE_TILE_ATTACHMENT_QCOM,
        _ => return None,
    })
}

/// The SPIR-V type of an SSA value: a scalar or vector of a base type and bit size (1 for
/// booleans).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Kind {
    pub base: BaseType,
    pub bits: u8,
    pub comps: u8,
}

impl Kind {
    pub fn new(base: BaseType, bits: u8, comps: u8) -> Kind {
        if bits == 1 {
            Kind {
                base: BaseType::Bool,
                bits: 1,
                comps,
            }
        } else {
            Kind { base, bits, comps }
        }
    }

    pub fn with_comps(self, comps: u8) -> Kind {
        Kind { comps, ..self }
    }

    pub fn with_base(self, base: BaseType) -> Kind {
        Kind::new(base, self.bits, self.comps)
    }

    pub fn scalar(self) -> Kind {
        self.with_comps(1)
    }

    pub fn with_bits(self, bits: u8) -> Kind {
        Kind::new(self.base, bits, self.comps)
    }
}

/// The `format` argument of [`Module::ir_type`] marking a texture used with separate
/// samplers: its sampler type becomes an image type.
pub const TEXTURE_ONLY: u32 = u32::MAX;

/// The `format` argument of [`Module::ir_type`] for types reached through buffer references:
/// separate SPIR-V types from those of variables (no images live there).
pub const PHYSICAL_LAYOUT: u32 = u32::MAX - 1;

/// A function's SPIR-V signature under the copy-in/copy-out convention.
#[derive(Clone, Debug)]
pub struct FuncSig {
    pub fn_type: u32,
    /// The SPIR-V return type (void, one value, or a struct of the values copied out).
    pub ret_type: u32,
    /// `in`/`inout` parameters: the variable and the kind of the value passed.
    pub ins: Vec<(VarId, Kind)>,
    /// The return variable then the `out`/`inout` parameters: the values returned.
    pub outs: Vec<(VarId, Kind)>,
}

/// Whether `ty` is an interface block or an array (of arrays) of them.
fn holds_block(types: &fresnel_ir::Types, ty: TypeId) -> bool {
    match types.get(ty) {
        Type::Struct { block, .. } => *block,
        Type::Array { elem, .. } => holds_block(types, *elem),
        _ => false,
    }
}

/// A key of [`Module::type_cache`] (the opcode, then the operands) or of
/// [`Module::const_cache`]: inline up to six words, so most look-ups do not allocate (a
/// `vec4` or `mat4` composite constant's key is six words: type, marker, four parts).
pub type TypeKey = SmallVec<[u32; 6]>;

/// The cache key of type `opcode operands...`.
pub fn type_key(opcode: u16, operands: &[u32]) -> TypeKey {
    let mut key = TypeKey::with_capacity(operands.len() + 1);
    key.push(u32::from(opcode));
    key.extend_from_slice(operands);
    key
}

/// Slots of [`Module::kind_types`]: 4 base types x 4 widths x 4 component counts.
pub const KIND_SLOTS: usize = 64;

/// The slot of a scalar or vector kind in [`Module::kind_types`] (`None`: wider vectors
/// and unusual widths, which go through the type cache alone).
#[inline]
pub fn kind_slot(k: Kind) -> Option<usize> {
    let base = match k.base {
        BaseType::Bool => 0,
        BaseType::Float => 1,
        BaseType::Int => 2,
        BaseType::Uint => 3,
    };
    let bits = match k.bits {
        1 | 8 => 0,
        16 => 1,
        32 => 2,
        64 => 3,
        _ => return None,
    };
    if !(1..=4).contains(&k.comps) {
        return None;
    }
    Some(base * 16 + bits * 4 + usize::from(k.comps - 1))
}

impl Module<'_> {
    /// A new `OpTypeStruct` of `members`, with its name and (with debug names) its members'
    /// names.
    pub(super) fn struct_type(
        &mut self,
        name: &str,
        members: &[u32],
        fields: &[fresnel_ir::types::Field],
    ) -> u32 {
        let id = self.id();
        self.globals.inst_parts(op::TYPE_STRUCT, &[id], members);
        self.name(id, name);
        if self.opts.debug_names {
            for (i, f) in fields.iter().enumerate() {
                self.names
                    .inst_str(op::MEMBER_NAME, &[id, i as u32], &f.name, &[]);
            }
        }
        id
    }

    /// A matrix member's `RowMajor`/`ColMajor` and `MatrixStride` (nothing for others).
    pub(super) fn member_matrix_layout(&mut self, id: u32, i: u32, f: &fresnel_ir::types::Field) {
        if let Some(ms) = f.matrix_stride {
            let d = if f.row_major {
                decor::ROW_MAJOR
            } else {
                decor::COL_MAJOR
            };
            self.member_decorate(id, i, d, &[]);
            self.member_decorate(id, i, decor::MATRIX_STRIDE, &[ms]);
        }
    }

    /// A non-aggregate type (deduplicated by opcode and operands).
    pub fn ty(&mut self, opcode: u16, operands: &[u32]) -> u32 {
        // (Performance: looked up by a key on the stack; the cache's own key is made only
        // for a new type.)
        let mut buf = [0u32; 8];
        let found = if operands.len() < buf.len() {
            buf[0] = u32::from(opcode);
            buf[1..=operands.len()].copy_from_slice(operands);
            self.type_cache.get(&buf[..=operands.len()]).copied()
        } else {
            self.type_cache
                .get(type_key(opcode, operands).as_slice())
                .copied()
        };
        if let Some(id) = found {
            return id;
        }
        let id = self.id();
        self.globals.inst_parts(opcode, &[id], operands);
        self.type_cache.insert(type_key(opcode, operands), id);
        id
    }

    /// The width of scalar type `t` declared by [`Self::ty`] (32 when unknown).
    pub fn scalar_bits(&self, t: u32) -> u8 {
        self.declared_type(t)
            .and_then(|(opc, ops)| {
                (opc == op::TYPE_INT || opc == op::TYPE_FLOAT)
                    .then(|| ops.first().copied())
                    .flatten()
            })
            .map_or(32, |b| b as u8)
    }

    /// The size in bytes of the widest scalar (or pointer) in type `t`, through struct
    /// members and array, vector and matrix elements: the least `Aligned` an access to a
    /// whole `t` through a buffer reference may state (VUID-StandaloneSpirv-
    /// PhysicalStorageBuffer64-06314), and one every layout guarantees.
    pub fn largest_scalar_bytes(&self, t: u32) -> u32 {
        // Long vectors (any length, a specialization-constant one included): their
        // component width.
        if let Some(&a) = self.long_vector_align.get(&t) {
            return a;
        }
        if let Some(ms) = self.members.get(&t) {
            return ms
                .iter()
                .map(|&m| self.largest_scalar_bytes(m))
                .max()
                .unwrap_or(1);
        }
        if let Some(&e) = self.elem.get(&t) {
            return self.largest_scalar_bytes(e);
        }
        match self.declared_type(t) {
            Some((opc, _)) if opc == op::TYPE_POINTER => 8,
            _ => u32::from(self.scalar_bits(t).max(8) / 8),
        }
    }

    /// The opcode and operands of a type [`Self::ty`] declared as `t`, if it did.
    pub fn declared_type(&self, t: u32) -> Option<(u16, &[u32])> {
        self.type_cache
            .iter()
            .find(|(_, &id)| id == t)
            .map(|(k, _)| (k[0] as u16, &k[1..]))
    }

    pub fn void(&mut self) -> u32 {
        self.ty(op::TYPE_VOID, &[])
    }

    fn width_cap(&mut self, base: BaseType, bits: u8) {
        match (base, bits) {
            (BaseType::Float, 16) => self.cap(cap::FLOAT16),
            (BaseType::Float, 64) => self.cap(cap::FLOAT64),
            (BaseType::Int | BaseType::Uint, 8) => self.cap(cap::INT8),
            (BaseType::Int | BaseType::Uint, 16) => self.cap(cap::INT16),
            (BaseType::Int | BaseType::Uint, 64) => self.cap(cap::INT64),
            _ => {}
        }
    }

    pub fn scalar_type(&mut self, base: BaseType, bits: u8) -> u32 {
        self.width_cap(base, bits);
        match base {
            BaseType::Bool => self.ty(op::TYPE_BOOL, &[]),
            BaseType::Float => self.ty(op::TYPE_FLOAT, &[u32::from(bits)]),
            BaseType::Int => self.ty(op::TYPE_INT, &[u32::from(bits), 1]),
            BaseType::Uint => self.ty(op::TYPE_INT, &[u32::from(bits), 0]),
        }
    }

    /// (Performance: the cached case inline at its many callers; the rest out of line.)
    #[inline]
    pub fn kind_type(&mut self, k: Kind) -> u32 {
        if let Some(&t) = kind_slot(k).and_then(|i| self.kind_types.get(i)) {
            if t != 0 {
                return t;
            }
        }
        self.kind_type_uncached(k)
    }

    /// [`Self::kind_type`] of a kind not in [`Module::kind_types`] yet (or never there).
    #[inline(never)]
    fn kind_type_uncached(&mut self, k: Kind) -> u32 {
        let slot = kind_slot(k);
        let t = self.make_kind_type(k);
        if let Some(i) = slot {
            self.kind_types[i] = t;
        }
        t
    }

    /// [`Self::kind_type`] without its cache: the scalar or vector type, its capabilities,
    /// and the records of it (element, value width).
    fn make_kind_type(&mut self, k: Kind) -> u32 {
        let s = self.scalar_type(k.base, k.bits);
        self.value_types.insert(s, 1);
        if k.comps == 1 {
            s
        } else {
            let v = self.ty(op::TYPE_VECTOR, &[s, u32::from(k.comps)]);
            self.elem.insert(v, s);
            self.value_types.insert(v, k.comps);
            v
        }
    }

    pub fn pointer(&mut self, class: u32, ty: u32) -> u32 {
        // (Performance: asked for by every access chain; a hit needs no type key.)
        if let Some(&p) = self.pointers.get(&(class, ty)) {
            return p;
        }
        let p = self.ty(op::TYPE_POINTER, &[class, ty]);
        self.pointee.insert(p, ty);
        self.pointers.insert((class, ty), p);
        p
    }

    pub fn storage_class(&self, mode: VarMode) -> u32 {
        match mode {
            VarMode::ShaderIn => storage::INPUT,
            VarMode::ShaderOut => storage::OUTPUT,
            VarMode::Uniform => storage::UNIFORM_CONSTANT,
            VarMode::Ubo => storage::UNIFORM,
            VarMode::Ssbo => {
                if self.version() >= (1, 3) {
                    storage::STORAGE_BUFFER
                } else {
                    storage::UNIFORM
                }
            }
            VarMode::Shared => storage::WORKGROUP,
            VarMode::Global => storage::PRIVATE,
            VarMode::Function => storage::FUNCTION,
            VarMode::PushConstant => storage::PUSH_CONSTANT,
            VarMode::PhysicalStorageBuffer => storage::PHYSICAL_STORAGE_BUFFER,
        }
    }

    /// The storage class of a variable: its mode's, except atomic counters (AtomicCounter)
    /// and the extension storages (ray payloads, hit attributes, callable data, shader
    /// records, task payloads).
    pub fn var_class(&self, vid: VarId) -> u32 {
        let v = &self.shader.vars[vid];
        if let Some(c) = v.ext_storage.as_deref().and_then(ext_storage_class) {
            return c;
        }
        if matches!(
            self.shader.types.get(self.innermost(v.ty)),
            Type::AtomicCounter
        ) {
            return storage::ATOMIC_COUNTER;
        }
        self.storage_class(v.mode)
    }

    /// Whether values of a mode live in externally visible memory, where booleans are
    /// 32-bit integers.
    pub fn external(mode: VarMode) -> bool {
        matches!(
            mode,
            VarMode::Ubo
                | VarMode::Ssbo
                | VarMode::PushConstant
                | VarMode::Uniform
                | VarMode::PhysicalStorageBuffer
        )
    }

    // ---- constants ----

    /// A constant of a scalar or vector kind from one bit pattern per component.
    pub fn constant(&mut self, k: Kind, bits: &[u64]) -> u32 {
        if k.comps > 1 {
            let s = k.scalar();
            let parts: SmallVec<[u32; 4]> = (0..k.comps as usize)
                .map(|i| self.constant(s, &[bits.get(i).copied().unwrap_or(0)]))
                .collect();
            let t = self.kind_type(k);
            return self.composite_const(t, &parts);
        }
        let t = self.kind_type(k);
        let v = bits.first().copied().unwrap_or(0);
        if let Some(&id) = self.scalar_consts.get(&(t, v)) {
            return id;
        }
        let id = self.scalar_const(k, t, v);
        self.scalar_consts.insert((t, v), id);
        id
    }

    /// The scalar constant `v` of kind `k` (type `t`), through [`Module::const_cache`].
    fn scalar_const(&mut self, k: Kind, t: u32, v: u64) -> u32 {
        let words: SmallVec<[u32; 2]> = match k.base {
            BaseType::Bool => smallvec::smallvec![u32::from(v != 0)],
            _ if k.bits == 64 => smallvec::smallvec![v as u32, (v >> 32) as u32],
            BaseType::Int if k.bits < 32 => {
                // Sign-extend narrow signed constants into the word.
                let shift = 64 - u32::from(k.bits);
                smallvec::smallvec![(((v << shift) as i64) >> shift) as u32]
            }
            _ => smallvec::smallvec![v as u32],
        };
        let mut key = TypeKey::new();
        key.push(t);
        key.extend_from_slice(&words);
        if let Some(&id) = self.const_cache.get(key.as_slice()) {
            return id;
        }
        let id = self.id();
        if k.base == BaseType::Bool {
            let opc = if v != 0 {
                op::CONSTANT_TRUE
            } else {
                op::CONSTANT_FALSE
            };
            self.globals.inst(opc, &[t, id]);
        } else {
            self.globals.inst_parts(op::CONSTANT, &[t, id], &words);
        }
        self.const_cache.insert(key, id);
        id
    }

    pub fn composite_const(&mut self, t: u32, parts: &[u32]) -> u32 {
        let mut key = TypeKey::with_capacity(parts.len() + 2);
        key.push(t);
        key.push(u32::MAX);
        key.extend_from_slice(parts);
        if let Some(&id) = self.const_cache.get(key.as_slice()) {
            return id;
        }
        let id = self.id();
        self.globals
            .inst_parts(op::CONSTANT_COMPOSITE, &[t, id], parts);
        self.const_cache.insert(key, id);
        id
    }

    pub fn const_u32(&mut self, v: u32) -> u32 {
        self.constant(Kind::new(BaseType::Uint, 32, 1), &[u64::from(v)])
    }

    pub fn const_i32(&mut self, v: i32) -> u32 {
        self.constant(Kind::new(BaseType::Int, 32, 1), &[u64::from(v as u32)])
    }

    pub fn undef(&mut self, t: u32) -> u32 {
        if let Some(&id) = self.undef_cache.get(&t) {
            return id;
        }
        let id = self.id();
        self.globals.inst(op::UNDEF, &[t, id]);
        self.undef_cache.insert(t, id);
        id
    }

    /// A constant of an IR type (initializers).
    pub fn ir_constant(&mut self, ty: TypeId, external: bool, c: &Constant) -> Result<u32> {
        let t = self.ir_type(ty, external, None)?;
        // (Performance: the type matched in place, not cloned.)
        let shader = self.shader;
        match (shader.types.get(ty), c) {
            (
                &Type::Vector {
                    base,
                    bits,
                    components,
                },
                Constant::Vector(v),
            ) => {
                let k = if base == BaseType::Bool && external {
                    Kind::new(BaseType::Uint, 32, components)
                } else if base == BaseType::Bool {
                    Kind::new(BaseType::Bool, 1, components)
                } else {
                    Kind::new(base, bits, components)
                };
                Ok(self.constant(k, v))
            }
            (&Type::Matrix { bits, rows, .. }, Constant::Composite(cols)) => {
                let k = Kind::new(BaseType::Float, bits, rows);
                let mut parts = Vec::new();
                for col in cols {
                    let Constant::Vector(v) = col else {
                        return Err(SpirvError::new("malformed matrix constant"));
                    };
                    parts.push(self.constant(k, v));
                }
                Ok(self.composite_const(t, &parts))
            }
            (&Type::Array { elem, .. }, Constant::Composite(items)) => {
                let mut parts = Vec::new();
                for it in items {
                    parts.push(self.ir_constant(elem, external, it)?);
                }
                Ok(self.composite_const(t, &parts))
            }
            (Type::Struct { fields, .. }, Constant::Composite(items)) => {
                let mut parts = Vec::new();
                for (f, it) in fields.iter().zip(items) {
                    parts.push(self.ir_constant(f.ty, external, it)?);
                }
                Ok(self.composite_const(t, &parts))
            }
            _ => Err(SpirvError::new("constant does not match its type")),
        }
    }

    // ---- IR types ----

    /// The kind of a value of an IR scalar/vector type (booleans as loaded: 1-bit).
    pub fn value_kind(&self, ty: TypeId) -> Option<Kind> {
        match *self.shader.types.get(ty) {
            Type::Vector {
                base,
                bits,
                components,
            } => Some(if base == BaseType::Bool {
                Kind::new(BaseType::Bool, 1, components)
            } else {
                Kind::new(base, bits, components)
            }),
            _ => None,
        }
    }

    /// The SPIR-V type of an IR type. `external`: laid out for buffer memory (booleans are
    /// 32-bit unsigned integers). `format`: the image format of image types under it.
    pub fn ir_type(&mut self, ty: TypeId, external: bool, format: Option<u32>) -> Result<u32> {
        let key = (ty, external, format.unwrap_or(0));
        if let Some(&id) = self.ir_types.get(&key) {
            return Ok(id);
        }
        // (Performance: matched in place, the type not cloned; the shader outlives `self`'s
        // borrow.)
        let shader = self.shader;
        let id = match *shader.types.get(ty) {
            Type::Vector {
                base,
                bits,
                components,
            } => {
                let k = if base == BaseType::Bool && external {
                    Kind::new(BaseType::Uint, 32, components)
                } else if base == BaseType::Bool {
                    Kind::new(BaseType::Bool, 1, components)
                } else {
                    Kind::new(base, bits, components)
                };
                self.kind_type(k)
            }
            Type::Matrix {
                bits,
                columns,
                rows,
            } => {
                let col = self.kind_type(Kind::new(BaseType::Float, bits, rows));
                self.cap(super::spec::cap::MATRIX);
                let m = self.ty(op::TYPE_MATRIX, &[col, u32::from(columns)]);
                self.elem.insert(m, col);
                m
            }
            Type::Array { elem, len, stride } => {
                // Elements holding buffer references may be pointers (`refs.rs`).
                let e = match self.ref_slots.get(&super::refs::Slot::Elem(ty)) {
                    Some(&p) => self.ref_pointer(p)?,
                    None => self.ir_type(elem, external, format)?,
                };
                let id = self.id();
                if len == 0 {
                    self.globals.inst(op::TYPE_RUNTIME_ARRAY, &[id, e]);
                } else {
                    // Issue 5: a length given by specialization constants stays one.
                    let n = match self.shader.types.spec_length(ty) {
                        Some(x) => self.spec_expr_id(x)?,
                        None => self.const_u32(len),
                    };
                    self.globals.inst(op::TYPE_ARRAY, &[id, e, n]);
                }
                // An array of blocks (of a uniform or storage block array) takes no stride:
                // SPIR-V forbids ArrayStride on an array containing a Block.
                if stride != 0 && !holds_block(&self.shader.types, elem) {
                    self.decorate(id, decor::ARRAY_STRIDE, &[stride]);
                } else if matches!(self.shader.types.get(elem), Type::AtomicCounter) {
                    self.decorate(id, decor::ARRAY_STRIDE, &[4]);
                }
                self.elem.insert(id, e);
                id
            }
            Type::Struct {
                ref name,
                ref fields,
                ..
            } => {
                let physical = external && format == Some(PHYSICAL_LAYOUT);
                if physical {
                    self.ref_building.insert(ty);
                }
                let mut members = Vec::new();
                for (i, f) in fields.iter().enumerate() {
                    // Members holding buffer references may be pointers (`refs.rs`).
                    let slot = super::refs::Slot::Field(ty, i as u32);
                    if let Some(sized) = self.unsized_inner_member(fields, i, external, format)? {
                        members.push(sized);
                        continue;
                    }
                    members.push(match self.ref_slots.get(&slot) {
                        Some(&p) => self.ref_pointer(p)?,
                        None => self.ir_type(f.ty, external, format)?,
                    });
                }
                let id = self.struct_type(name, &members, fields);
                for (i, f) in fields.iter().enumerate() {
                    let i32_ = i as u32;
                    if let Some(off) = f.offset {
                        self.member_decorate(id, i32_, decor::OFFSET, &[off]);
                    }
                    self.member_matrix_layout(id, i32_, f);
                    if self.shader.types.member_precision(ty, i).is_relaxed() {
                        self.member_decorate(id, i32_, decor::RELAXED_PRECISION, &[]);
                    }
                }
                self.members.insert(id, members);
                if physical {
                    self.ref_struct_done(ty, id);
                }
                id
            }
            Type::Sampler {
                dim,
                array,
                shadow,
                result,
            } => match result {
                None => self.ty(op::TYPE_SAMPLER, &[]),
                Some(r)
                    if format == Some(TEXTURE_ONLY)
                        || matches!(dim, SamplerDim::Subpass | SamplerDim::SubpassMs)
                        || (dim == SamplerDim::Buffer && self.version() >= (1, 6)) =>
                {
                    // SPIR-V 1.6 has no sampled buffer images: `samplerBuffer` is the image.
                    // A texture used with separate samplers (`texture2D`): the image alone.
                    self.image_type(dim, array, shadow, r, 1, 0)?
                }
                Some(r) => {
                    let img = self.image_type(dim, array, shadow, r, 1, 0)?;
                    if dim == SamplerDim::Buffer {
                        // Buffer textures: a sampled image all the same (GLSL samplerBuffer).
                    }
                    let t = self.ty(op::TYPE_SAMPLED_IMAGE, &[img]);
                    self.image_of.insert(t, img);
                    t
                }
            },
            Type::Image { dim, array, result } => {
                let f = format
                    .filter(|f| *f != TEXTURE_ONLY && *f != PHYSICAL_LAYOUT)
                    .unwrap_or(0);
                if f == 0 {
                    self.cap(cap::STORAGE_IMAGE_READ_WITHOUT_FORMAT);
                    self.cap(cap::STORAGE_IMAGE_WRITE_WITHOUT_FORMAT);
                }
                self.image_type(dim, array, false, result, 2, f)?
            }
            Type::AtomicCounter => {
                if self.vulkan() {
                    return Err(SpirvError::new("atomic counters do not exist in Vulkan"));
                }
                self.cap(cap::ATOMIC_STORAGE);
                self.kind_type(Kind::new(BaseType::Uint, 32, 1))
            }
            Type::Opaque(ref n) if n.starts_with("accelerationStructure") => {
                self.ray_query_cap_if_not_ray_tracing();
                self.ty(ext::op::TYPE_ACCELERATION_STRUCTURE_KHR, &[])
            }
            Type::Opaque(ref n) if n == "hitObjectNV" => {
                self.cap(ext::cap::SHADER_INVOCATION_REORDER_NV);
                self.exts.insert("SPV_NV_shader_invocation_reorder");
                self.ty(5281, &[])
            }
            // SPV_EXT_shader_invocation_reorder: `OpTypeHitObjectEXT`.
            Type::Opaque(ref n) if n == "hitObjectEXT" => {
                self.cap(ext::cap::SHADER_INVOCATION_REORDER_EXT);
                self.exts.insert("SPV_EXT_shader_invocation_reorder");
                self.ty(5313, &[])
            }
            // GL_EXT_shader_tile_image (`instr/tile_image.rs`).
            Type::Opaque(ref n) if super::instr::tile_image::attachment(n).is_some() => {
                let result = super::instr::tile_image::attachment(n).unwrap_or(BaseType::Float);
                self.attachment_type(result)
            }
            Type::Opaque(ref n) if n == "rayQueryEXT" => {
                self.cap(ext::cap::RAY_QUERY_KHR);
                self.exts.insert("SPV_KHR_ray_query");
                self.ty(ext::op::TYPE_RAY_QUERY_KHR, &[])
            }
            // GL_NV_cooperative_matrix (issue 5, helper V: `coopmat_nv.rs`).
            Type::Opaque(ref n) if coopmat_nv::parse(n).is_some() => {
                match self.coopmat_nv_type(n) {
                    Some(r) => r?,
                    None => return Err(SpirvError::new(format!("type `{n}` is not supported"))),
                }
            }
            // GL_NV_cooperative_vector (issue 5, helper F: `coopvec_nv.rs`).
            Type::Opaque(ref n) if super::coopvec_nv::parse(n).is_some() => {
                match self.coopvec_nv_type(n) {
                    Some(r) => r?,
                    None => return Err(SpirvError::new(format!("type `{n}` is not supported"))),
                }
            }
            // GL_EXT_long_vector (`long_vector.rs`).
            Type::Opaque(ref n) if super::long_vector::parse(n).is_some() => {
                if external && super::long_vector::is_bool(n) {
                    return Err(SpirvError::new(format!(
                        "`{n}` in a buffer, uniform or push-constant block has no SPIR-V form here (its booleans would be stored as integers)"
                    )));
                }
                match self.long_vector_type(n) {
                    Some(r) => r?,
                    None => return Err(SpirvError::new(format!("type `{n}` is not supported"))),
                }
            }
            // GL_KHR_cooperative_matrix and GL_NV_cooperative_matrix2's tensor layouts and
            // views (issue 5, helper K: `coopmat_khr.rs`).
            Type::Opaque(ref n) if super::coopmat_khr::parse(n).is_some() => {
                match self.coopmat_khr_type(n) {
                    Some(r) => r?,
                    None => return Err(SpirvError::new(format!("type `{n}` is not supported"))),
                }
            }
            Type::Opaque(ref n) if super::coopmat_khr::parse_tensor(n).is_some() => {
                match self.tensor_nv_type(n) {
                    Some(r) => r?,
                    None => return Err(SpirvError::new(format!("type `{n}` is not supported"))),
                }
            }
            // GL_ARM_tensors (issue 5, helper F: `tensor_arm.rs`).
            Type::Opaque(ref n) if super::tensor_arm::parse(n).is_some() => {
                match self.tensor_arm_type(n) {
                    Some(t) => t,
                    None => return Err(SpirvError::new(format!("type `{n}` is not supported"))),
                }
            }
            // GL_EXT_bfloat16, GL_EXT_float_e4m3/e5m2 (issue 5, helper F: `small_float.rs`).
            Type::Opaque(ref n) if super::small_float::parse(n).is_some() => {
                match super::small_float::parse(n) {
                    Some(s) => self.small_float_type(s),
                    None => return Err(SpirvError::new(format!("type `{n}` is not supported"))),
                }
            }
            Type::Opaque(ref n) => match self.spirv_type(n) {
                // GL_EXT_spirv_intrinsics (issue 5): `spirv_type.rs`.
                Some(r) => r?,
                None => {
                    return Err(SpirvError::new(format!(
                        "type `{n}` is not supported in SPIR-V output yet"
                    )))
                }
            },
        };
        self.ir_types.insert(key, id);
        Ok(id)
    }

    fn image_type(
        &mut self,
        dim: SamplerDim,
        array: bool,
        shadow: bool,
        result: BaseType,
        sampled: u32,
        format: u32,
    ) -> Result<u32> {
        let bits = if format == 40 || format == 41 { 64 } else { 32 };
        let st = self.scalar_type(result, bits);
        let storage_img = sampled == 2;
        let (d, ms) = match dim {
            SamplerDim::D1 => {
                self.cap(if storage_img {
                    cap::IMAGE_1D
                } else {
                    cap::SAMPLED_1D
                });
                (0, 0)
            }
            SamplerDim::D2 | SamplerDim::External => (1, 0),
            SamplerDim::D3 => (2, 0),
            SamplerDim::Cube => {
                if array {
                    self.cap(if storage_img {
                        cap::IMAGE_CUBE_ARRAY
                    } else {
                        cap::SAMPLED_CUBE_ARRAY
                    });
                }
                (3, 0)
            }
            SamplerDim::Rect => {
                if self.vulkan() {
                    return Err(SpirvError::new(
                        "rectangle textures and images (sampler2DRect, image2DRect) do not exist in Vulkan",
                    ));
                }
                self.cap(if storage_img {
                    cap::IMAGE_RECT
                } else {
                    cap::SAMPLED_RECT
                });
                (4, 0)
            }
            SamplerDim::Buffer => {
                self.cap(if storage_img {
                    cap::IMAGE_BUFFER
                } else {
                    cap::SAMPLED_BUFFER
                });
                (5, 0)
            }
            SamplerDim::Ms => {
                if storage_img {
                    self.cap(cap::STORAGE_IMAGE_MULTISAMPLE);
                    if array {
                        self.cap(cap::IMAGE_MS_ARRAY);
                    }
                }
                (1, 1)
            }
            SamplerDim::Subpass => {
                self.cap(cap::INPUT_ATTACHMENT);
                (6, 0)
            }
            SamplerDim::SubpassMs => {
                self.cap(cap::INPUT_ATTACHMENT);
                (6, 1)
            }
        };
        let sampled = if matches!(dim, SamplerDim::Subpass | SamplerDim::SubpassMs) {
            2
        } else {
            sampled
        };
        Ok(self.ty(
            op::TYPE_IMAGE,
            &[
                st,
                d,
                u32::from(shadow),
                u32::from(array),
                ms,
                sampled,
                format,
            ],
        ))
    }

    /// Slots (locations) a type takes in an interface.
    fn location_slots(&self, ty: TypeId) -> u32 {
        self.shader.types.location_count(ty)
    }

    /// Opaque types, arrays of them and structs containing them.
    fn is_opaque(&self, ty: TypeId) -> bool {
        self.shader.types.is_opaque(ty)
    }

    /// The type under any arrays.
    fn innermost(&self, mut ty: TypeId) -> TypeId {
        while let Type::Array { elem, .. } = self.shader.types.get(ty) {
            ty = *elem;
        }
        ty
    }

    fn base_of(&self, ty: TypeId) -> Option<(BaseType, u8)> {
        match self.shader.types.get(self.innermost(ty)) {
            Type::Vector { base, bits, .. } => Some((*base, *bits)),
            Type::Matrix { bits, .. } => Some((BaseType::Float, *bits)),
            _ => None,
        }
    }

    /// The variables used as textures with separate samplers (their root variable).
    fn find_texture_vars(&mut self) {
        for (_, f) in self.shader.functions.iter() {
            for (_, ins) in f.instrs.iter() {
                if ins.removed {
                    continue;
                }
                let textures: SmallVec<[fresnel_ir::ValueId; 2]> = match &ins.kind {
                    fresnel_ir::InstrKind::Tex(t)
                        if t.src(fresnel_ir::TexSrc::SamplerDeref).is_some() =>
                    {
                        t.src(fresnel_ir::TexSrc::TextureDeref)
                            .into_iter()
                            .collect()
                    }
                    // GL_QCOM_image_processing: a deref followed by a separate sampler's.
                    fresnel_ir::InstrKind::Intrinsic(x)
                        if x.op == fresnel_ir::Intrinsic::ImageProcessingQcom =>
                    {
                        x.srcs
                            .windows(2)
                            .filter(|w| {
                                super::instr::image_processing_qcom::is_separate_sampler(
                                    &self.shader.types,
                                    f,
                                    w[1],
                                )
                            })
                            .map(|w| w[0])
                            .collect()
                    }
                    // GL_NV_shader_texture_footprint: the texture (source 1) of a lookup
                    // whose last source is a separate sampler.
                    fresnel_ir::InstrKind::Intrinsic(x)
                        if x.op == fresnel_ir::Intrinsic::ImageFootprintNv
                            && x.srcs.len() > 5
                            && x.srcs.last().is_some_and(|&s| {
                                super::instr::image_processing_qcom::is_separate_sampler(
                                    &self.shader.types,
                                    f,
                                    s,
                                )
                            }) =>
                    {
                        x.srcs.get(1).copied().into_iter().collect()
                    }
                    _ => continue,
                };
                for mut v in textures {
                    // Walk up the deref chain to the variable.
                    for _ in 0..64 {
                        match &f.instrs[f.values[v].def].kind {
                            fresnel_ir::InstrKind::Deref(d) => match d.kind {
                                fresnel_ir::DerefKind::Var(var) => {
                                    self.texture_vars.insert(var);
                                    break;
                                }
                                fresnel_ir::DerefKind::Array { parent, .. }
                                | fresnel_ir::DerefKind::Struct { parent, .. }
                                | fresnel_ir::DerefKind::Cast { parent } => v = parent,
                            },
                            _ => break,
                        }
                    }
                }
            }
        }
    }

    /// The `format` argument of [`Module::ir_type`] for a variable.
    pub fn var_format(&self, vid: VarId) -> Option<u32> {
        if self.texture_vars.contains(&vid) {
            return Some(TEXTURE_ONLY);
        }
        self.shader.vars[vid]
            .format
            .as_deref()
            .and_then(image_format)
            .map(|x| x.0)
    }

    /// Declares every global variable with its decorations.
    pub fn declare_globals(&mut self) -> Result<()> {
        self.find_texture_vars();
        let shader = self.shader;
        let vulkan = self.vulkan();
        let mut next_loc_in = 0u32;
        let mut next_loc_out = 0u32;
        let mut next_uniform_loc = 0u32;
        let mut next_binding = 0u32;
        // Explicit locations and bindings first, so automatic ones do not collide.
        for (_, v) in shader.vars.iter() {
            let slots = self.location_slots(v.ty);
            if let Some(l) = v.location.and_then(|l| u32::try_from(l).ok()) {
                match v.mode {
                    VarMode::ShaderIn => next_loc_in = next_loc_in.max(l + slots),
                    VarMode::ShaderOut => next_loc_out = next_loc_out.max(l + slots),
                    VarMode::Uniform => next_uniform_loc = next_uniform_loc.max(l + slots),
                    _ => {}
                }
            }
            if let Some(b) = v.binding {
                next_binding = next_binding.max(b + 1);
            }
        }
        let mut block_decorated = rustc_hash::FxHashSet::default();
        // The variable of each built-in already declared, by built-in and pointer type.
        let mut builtin_vars: rustc_hash::FxHashMap<(u32, u32), u32> = Default::default();
        for (vid, v) in shader.vars.iter() {
            // Heap variables are reached through the heaps' built-ins (`heap.rs`).
            if v.mode == VarMode::Function || v.heap.is_some() {
                continue;
            }
            if v.builtin && v.name == "gl_WorkGroupSize" {
                return Err(SpirvError::new(
                    "gl_WorkGroupSize as a variable is not supported in SPIR-V output yet",
                ));
            }
            let class = self.var_class(vid);
            let external = Module::external(v.mode);
            let opaque = self.is_opaque(v.ty);
            if v.mode == VarMode::Uniform && !opaque && vulkan {
                return Err(SpirvError::new(format!(
                    "uniform `{}` is outside a block: Vulkan requires non-opaque uniforms in uniform blocks (compile for the OpenGL target, put it in a block, or use --relaxed to gather such uniforms into a default uniform block)",
                    v.name
                )));
            }
            // Issue 5: a structure holding opaque members is not an opaque type, so GL_KHR_
            // vulkan_glsl has no such uniform ("default uniforms ... except for opaque
            // types" are removed), and Vulkan SPIR-V cannot put opaque types in a structure
            // (glslang writes one; spirv-val rejects it).
            if v.mode == VarMode::Uniform
                && opaque
                && vulkan
                && matches!(
                    self.shader.types.get(self.innermost(v.ty)),
                    Type::Struct { .. }
                )
            {
                return Err(SpirvError::new(format!(
                    "uniform `{}` is a structure holding opaque members: Vulkan has no such uniforms (GL_KHR_vulkan_glsl removes default uniforms except those of opaque types); declare each sampler, image or texture as its own uniform, or compile for the OpenGL target",
                    v.name
                )));
            }
            let format = match &v.format {
                _ if self.texture_vars.contains(&vid) => Some(TEXTURE_ONLY),
                Some(f) => match image_format(f) {
                    Some((id, ext)) => {
                        if ext {
                            self.cap(cap::STORAGE_IMAGE_EXTENDED_FORMATS);
                        }
                        if id == 40 || id == 41 {
                            self.cap(cap::INT64_IMAGE);
                            self.exts.insert("SPV_EXT_shader_image_int64");
                        }
                        Some(id)
                    }
                    None => return Err(SpirvError::new(format!("unknown image format `{f}`"))),
                },
                None => None,
            };
            let t = if v.builtin && v.name.starts_with("gl_SubGroup") && v.name.ends_with("MaskARB")
            {
                // 64-bit masks of GL_ARB_shader_ballot: the `uvec4` built-in, read as its
                // first two words.
                self.kind_type(Kind::new(BaseType::Uint, 32, 4))
            } else if transposed_builtin(v) {
                let col = self.kind_type(Kind::new(BaseType::Float, 32, 3));
                self.cap(cap::MATRIX);
                let m = self.ty(op::TYPE_MATRIX, &[col, 4]);
                self.elem.insert(m, col);
                m
            } else if matches!(v.mode, VarMode::ShaderIn | VarMode::ShaderOut)
                && self.has_unsized(v.ty)
            {
                // Unsized stage inputs and outputs (mesh output arrays, `gl_ClipDistance`
                // in arrayed stages): sized here.
                let mut lens = self.used_lengths(vid);
                if let Some((n, _)) = self.mesh_output_len(vid) {
                    lens[0] = Some(n);
                }
                let per_view = v.ext_quals.iter().any(|q| q == "perviewNV");
                let name = if per_view {
                    "perviewNV"
                } else {
                    v.name.as_str()
                };
                self.sized_io_type(v.ty, 0, &lens, name, format)?
            } else {
                self.ir_type(v.ty, external, format)?
            };
            self.var_types.insert(vid, t);
            if matches!(v.mode, VarMode::Ubo | VarMode::Ssbo | VarMode::Uniform)
                && matches!(self.shader.types.get(v.ty), Type::Array { len: 0, .. })
            {
                // An unsized array of descriptors.
                self.cap(cap::RUNTIME_DESCRIPTOR_ARRAY);
                if self.version() < (1, 5) {
                    self.exts.insert("SPV_EXT_descriptor_indexing");
                }
            }
            let pt = self.pointer(class, t);
            // Two names of one built-in (`gl_HitTEXT` and `gl_RayTmaxEXT`,
            // `gl_ObjectToWorldEXT` and `gl_ObjectToWorld3x4EXT`): one variable, as an entry
            // point may list each built-in only once.
            let shared_builtin = match v.mode {
                VarMode::ShaderIn | VarMode::ShaderOut if v.builtin => {
                    self.builtin_id(&v.name).map(|b| (b, pt))
                }
                _ => None,
            };
            if let Some(&id) = shared_builtin.and_then(|k| builtin_vars.get(&k)) {
                self.var_ids.insert(vid, id);
                continue;
            }
            let id = self.id();
            if let Some(k) = shared_builtin {
                builtin_vars.insert(k, id);
            }
            let init = match (&v.init, v.mode) {
                (Some(c), VarMode::Global | VarMode::Uniform) => {
                    Some(self.ir_constant(v.ty, external, c)?)
                }
                _ => None,
            };
            if let (Some(c), true) = (init, self.read_only_inits.contains(&vid)) {
                self.init_ids.insert(vid, c);
            }
            match init {
                Some(c) => self.globals.inst(op::VARIABLE, &[pt, id, class, c]),
                None => self.globals.inst(op::VARIABLE, &[pt, id, class]),
            }
            self.var_ids.insert(vid, id);
            self.name(id, &v.name);
            // (Issue 6, helper C) A Private or Workgroup variable holding buffer references
            // as pointers (or arrays of them) must say whether they alias, as a Function one
            // does (`func.rs`); spirv-val rejects it otherwise.
            if self.ref_ptrs.contains_key(&t) || super::func::array_of_ref_pointers(self, v.ty) {
                self.decorate(id, super::ext::decor::ALIASED_POINTER, &[]);
            }
            if v.relaxed_precision || (v.precision.is_relaxed() && !opaque) {
                self.decorate(id, decor::RELAXED_PRECISION, &[]);
            }
            if matches!(v.mode, VarMode::ShaderIn | VarMode::ShaderOut) || self.version() >= (1, 4)
            {
                self.interface.push(id);
            }
            match v.mode {
                VarMode::ShaderIn | VarMode::ShaderOut => {
                    let input = v.mode == VarMode::ShaderIn;
                    // Built-ins without a SPIR-V counterpart (`gl_FragColor`, `gl_FragData`,
                    // the compatibility profile's `gl_Vertex`, `gl_TexCoord`, `gl_Color`, ...)
                    // are ordinary inputs and outputs with locations (`gl_FragColor` and
                    // `gl_FragData` at location 0, the others automatic), as a driver would
                    // map them.
                    let spv_builtin = if v.builtin {
                        self.builtin_id(&v.name)
                    } else {
                        None
                    };
                    if v.builtin
                        && vulkan
                        && spv_builtin.is_none()
                        && !matches!(v.name.as_str(), "gl_FragColor" | "gl_FragData")
                    {
                        return Err(SpirvError::new(format!(
                            "built-in `{}` has no SPIR-V counterpart for Vulkan",
                            v.name
                        )));
                    }
                    if let Some(b) = spv_builtin {
                        // Before SPIR-V 1.3 the subgroup size, invocation id and masks come
                        // from SPV_KHR_shader_ballot (as glslang writes GL_ARB_shader_ballot
                        // for Vulkan 1.0); the subgroup count and id have no such form.
                        if matches!(b, 38 | 40) && self.version() < (1, 3) {
                            return Err(SpirvError::new(format!(
                                "`{}` needs SPIR-V 1.3 (target Vulkan 1.1 or later)",
                                v.name
                            )));
                        }
                        self.builtin_caps(b);
                        self.decorate(id, decor::BUILT_IN, &[b]);
                        // Integer built-in inputs of fragment shaders are flat (Vulkan's
                        // rule for integer fragment inputs; harmless elsewhere).
                        let int_input = input
                            && self.shader.stage == fresnel_ir::Stage::Fragment
                            && b != 20
                            && matches!(
                                self.base_of(v.ty),
                                Some((BaseType::Int | BaseType::Uint, _))
                            );
                        if int_input {
                            self.decorate(id, decor::FLAT, &[]);
                        }
                    } else {
                        let loc = match v.location.and_then(|l| u32::try_from(l).ok()) {
                            Some(l) => l,
                            None if matches!(v.name.as_str(), "gl_FragColor" | "gl_FragData") => 0,
                            None => {
                                let n = if input {
                                    &mut next_loc_in
                                } else {
                                    &mut next_loc_out
                                };
                                let l = *n;
                                *n += self.location_slots(v.ty);
                                l
                            }
                        };
                        let inner = self.innermost(v.ty);
                        let is_block = matches!(
                            self.shader.types.get(inner),
                            Type::Struct { block: true, .. }
                        );
                        let builtin_members = v.members.iter().any(|m| m.builtin);
                        // A block with member locations: every member gets one (from the
                        // block's, one after the other) and the variable none (Vulkan).
                        let member_locs =
                            is_block && v.members.iter().any(|m| m.location.is_some());
                        if !builtin_members && !member_locs {
                            self.decorate(id, decor::LOCATION, &[loc]);
                        }
                        if is_block {
                            let st = self.ir_type(inner, external, format)?;
                            if block_decorated.insert(st) {
                                self.decorate(st, decor::BLOCK, &[]);
                                let base = member_locs.then_some(loc);
                                self.io_member_decorations(vid, st, base)?;
                            }
                        }
                    }
                    if let Some(c) = v.component {
                        self.decorate(id, decor::COMPONENT, &[u32::from(c)]);
                    }
                    if let Some(i) = v.index {
                        self.decorate(id, decor::INDEX, &[u32::from(i)]);
                    }
                    let frag_in = input && self.shader.stage == fresnel_ir::Stage::Fragment;
                    let needs_flat = frag_in
                        && !v.builtin
                        && matches!(
                            self.base_of(v.ty),
                            Some((BaseType::Int | BaseType::Uint | BaseType::Bool, _))
                                | Some((BaseType::Float, 64))
                        );
                    let stage = self.shader.stage;
                    let stage_io = !(input && stage == fresnel_ir::Stage::Vertex
                        || !input && stage == fresnel_ir::Stage::Fragment);
                    if stage_io && !v.builtin {
                        match v.interp {
                            Interp::Flat => self.decorate(id, decor::FLAT, &[]),
                            Interp::NoPerspective => self.decorate(id, decor::NO_PERSPECTIVE, &[]),
                            Interp::Smooth if needs_flat => self.decorate(id, decor::FLAT, &[]),
                            Interp::Smooth => {}
                        }
                        match v.sampling {
                            Sampling::Center => {}
                            Sampling::Centroid => self.decorate(id, decor::CENTROID, &[]),
                            Sampling::Sample => {
                                self.cap(cap::SAMPLE_RATE_SHADING);
                                self.decorate(id, decor::SAMPLE, &[]);
                            }
                        }
                    }
                    if v.patch {
                        self.decorate(id, decor::PATCH, &[]);
                    }
                    if !input {
                        self.xfb_decorations(vid, id)?;
                    }
                    // Per-primitive mesh outputs (and the fragment inputs matching them);
                    // the per-primitive built-ins of mesh shaders.
                    let per_primitive = v.ext_quals.iter().any(|q| q.starts_with("perprimitive"))
                        || (v.builtin
                            && !input
                            && self.shader.stage == fresnel_ir::Stage::Mesh
                            && matches!(
                                v.name.as_str(),
                                "gl_PrimitiveID"
                                    | "gl_Layer"
                                    | "gl_ViewportIndex"
                                    | "gl_CullPrimitiveEXT"
                                    | "gl_PrimitiveShadingRateEXT"
                            ));
                    if input && v.ext_quals.iter().any(|q| q.starts_with("pervertex")) {
                        // GL_EXT_fragment_shader_barycentric: the outer array indexes the
                        // primitive's vertices.
                        self.cap(5284);
                        self.exts.insert("SPV_KHR_fragment_shader_barycentric");
                        self.decorate(id, 5285, &[]);
                    }
                    let nv = v.ext_quals.iter().any(|q| q.ends_with("NV"))
                        || super::target::nv_mesh(self.shader);
                    if per_primitive {
                        if nv {
                            self.cap(ext::cap::MESH_SHADING_NV);
                            self.exts.insert("SPV_NV_mesh_shader");
                        } else {
                            self.cap(ext::cap::MESH_SHADING_EXT);
                            self.exts.insert("SPV_EXT_mesh_shader");
                        }
                        self.decorate(id, ext::decor::PER_PRIMITIVE_EXT, &[]);
                    }
                    // The per-view built-ins (`gl_PositionPerViewNV`, ...) of NV mesh
                    // shaders are per-view outputs too (glslang decorates them; issue 5,
                    // helper B). Elsewhere (GL_NVX_multiview_per_view_attributes) the
                    // decoration needs MeshShadingNV, and glslang leaves it out.
                    let per_view_builtin = v.builtin
                        && !input
                        && self.shader.stage == fresnel_ir::Stage::Mesh
                        && v.name.starts_with("gl_")
                        && v.name.ends_with("PerViewNV");
                    if v.ext_quals.iter().any(|q| q == "perviewNV") || per_view_builtin {
                        self.decorate(id, ext::decor::PER_VIEW_NV, &[]);
                    }
                    if v.ext_quals.iter().any(|q| q == "taskNV") {
                        self.decorate(id, ext::decor::PER_TASK_NV, &[]);
                    }
                    if v.invariant && !input {
                        self.decorate(id, decor::INVARIANT, &[]);
                    }
                }
                VarMode::Uniform => {
                    if opaque {
                        if vulkan {
                            self.decorate(id, decor::DESCRIPTOR_SET, &[v.set.unwrap_or(0)]);
                        }
                        let b = match v.binding {
                            Some(b) => b,
                            None => {
                                next_binding += 1;
                                next_binding - 1
                            }
                        };
                        self.decorate(id, decor::BINDING, &[b]);
                        if class == storage::ATOMIC_COUNTER {
                            self.decorate(id, decor::OFFSET, &[v.offset.unwrap_or(0)]);
                        }
                        if let Some(ia) = v.input_attachment_index {
                            self.decorate(id, decor::INPUT_ATTACHMENT_INDEX, &[ia]);
                        }
                        self.access_decorations(id, None, v.access);
                    } else {
                        let l = match v.location.and_then(|l| u32::try_from(l).ok()) {
                            Some(l) => l,
                            None => {
                                let l = next_uniform_loc;
                                next_uniform_loc += self.location_slots(v.ty);
                                l
                            }
                        };
                        self.decorate(id, decor::LOCATION, &[l]);
                    }
                }
                VarMode::Ubo | VarMode::Ssbo | VarMode::PushConstant => {
                    let inner = self.innermost(v.ty);
                    let st = self.ir_type(inner, external, format)?;
                    let buffer_block = v.mode == VarMode::Ssbo && self.version() < (1, 3);
                    if block_decorated.insert(st) {
                        let d = if buffer_block {
                            decor::BUFFER_BLOCK
                        } else {
                            decor::BLOCK
                        };
                        self.decorate(st, d, &[]);
                        if let Type::Struct { fields, .. } = self.shader.types.get(inner) {
                            for i in 0..fields.len() {
                                let member_access =
                                    v.members.get(i).map_or(0, |m| m.access) | v.access;
                                self.access_decorations(st, Some(i as u32), member_access);
                            }
                        }
                    }
                    if v.mode == VarMode::PushConstant {
                        self.push_constant_bank(v, st, id);
                    }
                    if v.mode != VarMode::PushConstant
                        && class != ext::storage::SHADER_RECORD_BUFFER_KHR
                    {
                        if vulkan {
                            self.decorate(id, decor::DESCRIPTOR_SET, &[v.set.unwrap_or(0)]);
                        }
                        let b = match v.binding {
                            Some(b) => b,
                            None => {
                                next_binding += 1;
                                next_binding - 1
                            }
                        };
                        self.decorate(id, decor::BINDING, &[b]);
                    }
                }
                // A tile image attachment (GL_EXT_shader_tile_image) keeps its location.
                VarMode::Global if class == super::ext::storage::TILE_IMAGE_EXT => {
                    if let Some(l) = v.location.and_then(|l| u32::try_from(l).ok()) {
                        self.decorate(id, decor::LOCATION, &[l]);
                    }
                }
                VarMode::Shared | VarMode::Global | VarMode::Function => {}
                // Buffer-reference memory has no variables (only `deref_cast`s).
                VarMode::PhysicalStorageBuffer => {
                    return Err(SpirvError::new(format!(
                        "variable `{}` in physical storage buffer memory",
                        v.name
                    )));
                }
            }
        }
        Ok(())
    }

    /// Specialization constants: one `OpSpecConstant*` with its `SpecId` each (code reads
    /// them through `load_spec_constant`, array lengths through `spec_array.rs`), and, for
    /// `local_size_*_id`, the `WorkgroupSize` built-in made of spec constants. Written
    /// before the global variables, whose array types may use them.
    pub fn declare_spec_constants(&mut self) -> Result<()> {
        let shader = self.shader;
        let mut by_id: Vec<(u32, u32, Kind)> = Vec::new();
        for sc in &shader.info.spec_constants {
            // A small float scalar (bfloat16, float8, the microscaling formats): the
            // default number rounded to the format's bit pattern, as glslang writes
            // `OpSpecConstant %bfloat16 16672`.
            if let Type::Opaque(n) = shader.types.get(sc.ty) {
                let Some(s) = super::small_float::parse(n).filter(|s| s.comps == 1) else {
                    return Err(SpirvError::new(format!(
                        "specialization constant `{}` of type `{n}`",
                        sc.name
                    )));
                };
                let t = self.small_float_scalar(s.format);
                let v = match &sc.value {
                    fresnel_ir::Constant::Vector(v) if v.len() == 1 => f64::from_bits(v[0]),
                    _ => {
                        return Err(SpirvError::new(format!(
                            "specialization constant `{}`: no scalar default",
                            sc.name
                        )))
                    }
                };
                let id = self.id();
                self.globals.inst(
                    op::SPEC_CONSTANT,
                    &[
                        t,
                        id,
                        super::small_float::FormatNumbers::encode(s.format, v),
                    ],
                );
                self.decorate(id, decor::SPEC_ID, &[sc.id]);
                self.name(id, &sc.name);
                self.small_float_specs.insert(sc.id, id);
                self.spec_ids.insert(sc.id, id);
                continue;
            }
            let Some(k) = self.value_kind(sc.ty) else {
                continue;
            };
            if k.comps != 1 {
                continue;
            }
            let t = self.kind_type(k);
            let id = self.id();
            let bits = match &sc.value {
                fresnel_ir::Constant::Vector(v) => v.first().copied().unwrap_or(0),
                fresnel_ir::Constant::Composite(_) => 0,
            };
            if k.base == BaseType::Bool {
                let opc = if bits != 0 {
                    op::SPEC_CONSTANT_TRUE
                } else {
                    op::SPEC_CONSTANT_FALSE
                };
                self.globals.inst(opc, &[t, id]);
            } else if k.bits == 64 {
                self.globals.inst(
                    op::SPEC_CONSTANT,
                    &[t, id, bits as u32, (bits >> 32) as u32],
                );
            } else {
                let w = if k.base == BaseType::Int && k.bits < 32 {
                    let shift = 64 - u32::from(k.bits);
                    (((bits << shift) as i64) >> shift) as u32
                } else {
                    bits as u32
                };
                self.globals.inst(op::SPEC_CONSTANT, &[t, id, w]);
            }
            self.decorate(id, decor::SPEC_ID, &[sc.id]);
            self.name(id, &sc.name);
            self.spec_ids.insert(sc.id, id);
            by_id.push((sc.id, id, k));
        }
        let ids = shader.info.local_size_id;
        // Task and mesh shaders have a workgroup too (as glslang writes them).
        let workgroup_stage = matches!(
            shader.stage,
            fresnel_ir::Stage::Compute | fresnel_ir::Stage::Task | fresnel_ir::Stage::Mesh
        );
        if workgroup_stage && ids.iter().any(Option::is_some) {
            let uk = Kind::new(BaseType::Uint, 32, 1);
            let ut = self.kind_type(uk);
            let mut parts = Vec::new();
            for (i, sid) in ids.iter().enumerate() {
                let default = shader.info.local_size[i].max(1);
                let part = match sid {
                    Some(sid) => match by_id
                        .iter()
                        .find(|(x, _, k)| x == sid && k.bits == 32 && k.base == BaseType::Uint)
                    {
                        Some((_, id, _)) => *id,
                        None => {
                            let id = self.id();
                            self.globals.inst(op::SPEC_CONSTANT, &[ut, id, default]);
                            self.decorate(id, decor::SPEC_ID, &[*sid]);
                            id
                        }
                    },
                    None => self.const_u32(default),
                };
                parts.push(part);
            }
            let vt = self.kind_type(Kind::new(BaseType::Uint, 32, 3));
            let id = self.id();
            let mut ops = vec![vt, id];
            ops.extend(parts);
            self.globals.inst(op::SPEC_CONSTANT_COMPOSITE, &ops);
            self.decorate(id, decor::BUILT_IN, &[25]);
            self.name(id, "gl_WorkGroupSize");
        }
        Ok(())
    }

    pub(super) fn access_decorations(&mut self, id: u32, member: Option<u32>, bits: u8) {
        let list = [
            (access::READONLY, decor::NON_WRITABLE),
            (access::WRITEONLY, decor::NON_READABLE),
            (access::COHERENT, decor::COHERENT),
            (access::VOLATILE, decor::VOLATILE),
            (access::RESTRICT, decor::RESTRICT),
        ];
        for (bit, d) in list {
            if bits & bit != 0 {
                match member {
                    Some(m) => self.member_decorate(id, m, d, &[]),
                    None => self.decorate(id, d, &[]),
                }
            }
        }
    }

    /// Members of a user in/out block: built-ins, locations, interpolation.
    fn io_member_decorations(&mut self, vid: VarId, st: u32, base: Option<u32>) -> Result<()> {
        let v = &self.shader.vars[vid];
        let inner = self.innermost(v.ty);
        let Type::Struct { fields, .. } = self.shader.types.get(inner).clone() else {
            return Ok(());
        };
        let mut next_loc = base;
        for (i, f) in fields.iter().enumerate() {
            let Some(m) = v.members.get(i).cloned() else {
                continue;
            };
            let i = i as u32;
            if m.builtin {
                let Some(b) = self.builtin_id(&f.name) else {
                    return Err(SpirvError::new(format!(
                        "built-in `{}` is not supported in SPIR-V output yet",
                        f.name
                    )));
                };
                self.builtin_caps(b);
                self.member_decorate(st, i, decor::BUILT_IN, &[b]);
                self.member_ext_decorations(st, i, &m.ext_quals);
                continue;
            }
            match (m.location.and_then(|l| u32::try_from(l).ok()), next_loc) {
                (Some(l), _) => {
                    self.member_decorate(st, i, decor::LOCATION, &[l]);
                    next_loc = Some(l + self.location_slots(f.ty));
                }
                (None, Some(l)) => {
                    self.member_decorate(st, i, decor::LOCATION, &[l]);
                    next_loc = Some(l + self.location_slots(f.ty));
                }
                (None, None) => {}
            }

            if let Some(c) = m.component {
                self.member_decorate(st, i, decor::COMPONENT, &[u32::from(c)]);
            }
            match m.interp {
                Interp::Flat => self.member_decorate(st, i, decor::FLAT, &[]),
                Interp::NoPerspective => self.member_decorate(st, i, decor::NO_PERSPECTIVE, &[]),
                Interp::Smooth => {}
            }
            match m.sampling {
                Sampling::Center => {}
                Sampling::Centroid => self.member_decorate(st, i, decor::CENTROID, &[]),
                Sampling::Sample => {
                    self.cap(cap::SAMPLE_RATE_SHADING);
                    self.member_decorate(st, i, decor::SAMPLE, &[]);
                }
            }
            if m.precision.is_relaxed() {
                self.member_decorate(st, i, decor::RELAXED_PRECISION, &[]);
            }
            self.member_ext_decorations(st, i, &m.ext_quals);
        }
        Ok(())
    }

    fn builtin_caps(&mut self, b: u32) {
        match b {
            3 => self.cap(cap::CLIP_DISTANCE),
            4 => self.cap(cap::CULL_DISTANCE),
            18 | 19 => self.cap(cap::SAMPLE_RATE_SHADING),
            7 if self.shader.stage == fresnel_ir::Stage::Fragment => self.cap(cap::GEOMETRY),
            9 | 10
                if matches!(
                    self.shader.stage,
                    fresnel_ir::Stage::Vertex
                        | fresnel_ir::Stage::TessControl
                        | fresnel_ir::Stage::TessEval
                ) =>
            {
                // Layer and ViewportIndex before the geometry stage.
                if b == 10 {
                    self.cap(cap::MULTI_VIEWPORT);
                }
                if self.version() >= (1, 5) {
                    self.cap(if b == 9 { 69 } else { 70 });
                } else {
                    self.cap(5254);
                    self.exts.insert("SPV_EXT_shader_viewport_index_layer");
                }
            }
            9 | 10 if self.shader.stage != fresnel_ir::Stage::Geometry => {
                self.cap(cap::MULTI_VIEWPORT)
            }
            10 => self.cap(cap::MULTI_VIEWPORT),
            36 | 41 | 4416..=4420 if self.version() < (1, 3) => {
                self.cap(super::ext::cap::SUBGROUP_BALLOT_KHR);
                self.exts.insert("SPV_KHR_shader_ballot");
            }
            36 | 38 | 40 | 41 => self.cap(cap::GROUP_NON_UNIFORM),
            4416..=4420 => self.cap(cap::GROUP_NON_UNIFORM_BALLOT),
            4438 => {
                self.cap(cap::DEVICE_GROUP);
                if self.version() < (1, 3) {
                    self.exts.insert("SPV_KHR_device_group");
                }
            }
            4440 => {
                self.cap(cap::MULTI_VIEW);
                if self.version() < (1, 3) {
                    self.exts.insert("SPV_KHR_multiview");
                }
            }
            4424..=4426 => {
                self.cap(cap::DRAW_PARAMETERS);
                if self.version() < (1, 3) {
                    self.exts.insert("SPV_KHR_shader_draw_parameters");
                }
            }
            _ => {}
        }
    }

    /// The signature of a function under copy-in/copy-out. `by_value_arrays`: the function
    /// is only named by vendor operations ([`super::coopmat_khr::callee_only`]).
    pub fn func_sig(&mut self, fid: FuncId, by_value_arrays: bool) -> Result<FuncSig> {
        let f = &self.shader.functions[fid];
        // (Issue 5, helper K) A function only named by vendor operations (a decode
        // function) takes its arrays by value: placeholder kind, `param_type` declares them.
        let kind_of = |m: &Module, var: VarId| -> Result<Kind> {
            let v = &m.shader.vars[var];
            if by_value_arrays && super::coopmat_khr::value_array(&m.shader.types, v.ty) {
                return Ok(Kind::new(BaseType::Uint, 32, 1));
            }
            m.value_kind(v.ty).ok_or_else(|| {
                SpirvError::new(format!(
                    "function `{}`: parameter or result `{}` of type {} is not a scalar or vector (not supported in SPIR-V output yet)",
                    f.name,
                    v.name,
                    m.shader.types.display(v.ty)
                ))
            })
        };
        let mut ins = Vec::new();
        let mut outs = Vec::new();
        if let Some(r) = f.ret {
            outs.push((r, kind_of(self, r)?));
        }
        for p in &f.params {
            let k = kind_of(self, p.var)?;
            if matches!(p.dir, ParamDir::In | ParamDir::InOut) {
                ins.push((p.var, k));
            }
            if matches!(p.dir, ParamDir::Out | ParamDir::InOut) {
                outs.push((p.var, k));
            }
        }
        let void_type = self.void();
        let ret_type = match outs.len() {
            0 => void_type,
            1 => self.param_type(outs[0].0, outs[0].1)?,
            _ => {
                let mut members: Vec<u32> = Vec::new();
                for &(v, k) in &outs {
                    members.push(self.param_type(v, k)?);
                }
                let id = self.id();
                let mut ops = vec![id];
                ops.extend_from_slice(&members);
                self.globals.inst(op::TYPE_STRUCT, &ops);
                self.members.insert(id, members);
                id
            }
        };
        let mut ops = vec![ret_type];
        for &(v, k) in &ins {
            let t = self.param_type(v, k)?;
            ops.push(t);
        }
        let fn_type = self.ty(op::TYPE_FUNCTION, &ops);
        Ok(FuncSig {
            fn_type,
            ret_type,
            ins,
            outs,
        })
    }
}

/// Extension built-ins and storages.
impl Module<'_> {
    /// Whether the shader is a ray-tracing stage.
    pub fn ray_tracing_stage(&self) -> bool {
        use fresnel_ir::Stage as S;
        matches!(
            self.shader.stage,
            S::RayGen | S::Intersect | S::AnyHit | S::ClosestHit | S::Miss | S::Callable
        )
    }

    /// Buffer references: the capability, the extension before SPIR-V 1.5 and the
    /// PhysicalStorageBuffer64 addressing model.
    pub fn use_physical_storage_buffer(&mut self) {
        self.cap(ext::cap::PHYSICAL_STORAGE_BUFFER_ADDRESSES);
        if self.version() < (1, 5) {
            self.exts.insert("SPV_KHR_physical_storage_buffer");
        }
        self.physical_addressing = true;
    }

    /// Whether the shader captures outputs with transform feedback (`xfb_offset` on an
    /// output or an output block member).
    pub fn uses_xfb(&self) -> bool {
        self.shader.vars.iter().any(|(_, v)| {
            v.mode == VarMode::ShaderOut
                && (v.xfb_offset.is_some() || v.members.iter().any(|m| m.xfb_offset.is_some()))
        })
    }

    /// Bytes a value of a type takes in a transform feedback buffer (GLSL 4.60 §4.4.2.1:
    /// tightly packed, doubles 8 bytes).
    fn xfb_size(&self, ty: TypeId) -> u32 {
        match self.shader.types.get(ty) {
            Type::Vector {
                bits, components, ..
            } => u32::from(bits.max(&32) / 8) * u32::from(*components),
            Type::Matrix {
                bits,
                columns,
                rows,
            } => u32::from(bits.max(&32) / 8) * u32::from(*columns) * u32::from(*rows),
            Type::Array { elem, len, .. } => self.xfb_size(*elem).saturating_mul(*len),
            Type::Struct { fields, .. } => fields
                .iter()
                .fold(0u32, |n, f| n.saturating_add(self.xfb_size(f.ty))),
            _ => 0,
        }
    }

    /// The stride of transform feedback buffer `b` when no `xfb_stride` says it: the end of
    /// the last output captured in it, rounded up to 8 bytes when it holds doubles, else 4.
    fn xfb_default_stride(&self, b: u32) -> u32 {
        let mut end = 0u32;
        let mut align = 4u32;
        for (_, v) in self.shader.vars.iter() {
            if v.mode != VarMode::ShaderOut || xfb_buffer_of(v) != b {
                continue;
            }
            if let Some(st) = v.members.iter().find_map(|m| m.xfb_stride).or(v.xfb_stride) {
                return st;
            }
            if let Some(off) = v.xfb_offset {
                end = end.max(off.saturating_add(self.xfb_size(v.ty)));
            }
            let inner = self.innermost(v.ty);
            if let Type::Struct { fields, .. } = self.shader.types.get(inner) {
                for (m, f) in v.members.iter().zip(fields) {
                    if let Some(off) = m.xfb_offset {
                        end = end.max(off.saturating_add(self.xfb_size(f.ty)));
                    }
                }
            }
            if matches!(self.base_of(v.ty), Some((_, 64))) {
                align = 8;
            }
        }
        end.div_ceil(align) * align
    }

    /// Transform feedback decorations of an output: `XfbBuffer`, `XfbStride` and `Offset`
    /// on a captured variable (or `Offset` on its captured block members), `Stream` on
    /// geometry outputs of a nonzero stream.
    fn xfb_decorations(&mut self, vid: VarId, id: u32) -> Result<()> {
        let v = &self.shader.vars[vid];
        let member_offsets: Vec<(u32, u32)> = v
            .members
            .iter()
            .enumerate()
            .filter_map(|(i, m)| m.xfb_offset.map(|o| (i as u32, o)))
            .collect();
        if v.xfb_offset.is_some() || !member_offsets.is_empty() {
            self.cap(ext::cap::TRANSFORM_FEEDBACK);
            let b = xfb_buffer_of(v);
            let stride = self.xfb_default_stride(b);
            self.decorate(id, ext::decor::XFB_BUFFER, &[b]);
            self.decorate(id, ext::decor::XFB_STRIDE, &[stride]);
            if let Some(o) = v.xfb_offset {
                self.decorate(id, decor::OFFSET, &[o]);
            } else {
                let inner = self.innermost(v.ty);
                let st = self.ir_type(inner, false, None)?;
                for (i, o) in member_offsets {
                    self.member_decorate(st, i, decor::OFFSET, &[o]);
                }
            }
        }
        if let Some(stream) = v.stream.filter(|&s| s != 0) {
            if self.shader.stage == fresnel_ir::Stage::Geometry {
                self.cap(cap::GEOMETRY_STREAMS);
                self.decorate(id, ext::decor::STREAM, &[stream]);
            }
        }
        Ok(())
    }

    /// Whether a type has an unsized array in it (outside blocks).
    fn has_unsized(&self, ty: TypeId) -> bool {
        match self.shader.types.get(ty) {
            Type::Array { len: 0, .. } => true,
            Type::Array { elem, .. } => self.has_unsized(*elem),
            _ => false,
        }
    }

    /// For each array level of a variable's type (0 the outermost), one more than the largest
    /// constant index the shader uses there, or `None` when it indexes it dynamically (or
    /// never).
    fn used_lengths(&self, vid: VarId) -> [Option<u32>; 4] {
        use fresnel_ir::{DerefKind, InstrKind};
        let mut lens = [Some(0u32); 4];
        for (_, f) in self.shader.functions.iter() {
            let def = |v: fresnel_ir::ValueId| &f.instrs[f.values[v].def].kind;
            for (_, ins) in f.instrs.iter() {
                let InstrKind::Deref(d) = &ins.kind else {
                    continue;
                };
                if ins.removed {
                    continue;
                }
                let DerefKind::Array { parent, index } = d.kind else {
                    continue;
                };
                // The depth of this index: array steps between it and the variable.
                let mut depth = 0usize;
                let mut p = parent;
                let mut root = None;
                for _ in 0..16 {
                    match def(p) {
                        InstrKind::Deref(pd) => match pd.kind {
                            DerefKind::Var(v) => {
                                root = Some(v);
                                break;
                            }
                            DerefKind::Array { parent, .. } => {
                                depth += 1;
                                p = parent;
                            }
                            DerefKind::Struct { parent, .. } | DerefKind::Cast { parent } => {
                                p = parent
                            }
                        },
                        _ => break,
                    }
                }
                if root != Some(vid) || depth >= lens.len() {
                    continue;
                }
                lens[depth] = match (def(index), lens[depth]) {
                    (InstrKind::LoadConst { values, .. }, Some(n)) => {
                        let i = values.first().copied().unwrap_or(0);
                        Some(n.max(u32::try_from(i).unwrap_or(u32::MAX - 1).saturating_add(1)))
                    }
                    _ => None,
                };
            }
        }
        lens.map(|l| l.filter(|&n| n > 0))
    }

    /// The SPIR-V type of a stage input or output with its unsized arrays sized: by `lens`
    /// (from [`Module::used_lengths`]), else `gl_MaxClipDistances` (8) for the clip and cull
    /// distances.
    fn sized_io_type(
        &mut self,
        ty: TypeId,
        depth: usize,
        lens: &[Option<u32>; 4],
        name: &str,
        format: Option<u32>,
    ) -> Result<u32> {
        let Type::Array { elem, len, .. } = *self.shader.types.get(ty) else {
            return self.ir_type(ty, false, format);
        };
        if !self.has_unsized(ty) {
            return self.ir_type(ty, false, format);
        }
        let n = if len != 0 {
            len
        } else {
            match lens.get(depth).copied().flatten() {
                Some(n) => n,
                None if matches!(name, "gl_ClipDistance" | "gl_CullDistance") => 8,
                // ceil(gl_MaxSamples / 32) words.
                None if matches!(name, "gl_SampleMask" | "gl_SampleMaskIn") => 1,
                // gl_MaxMeshViewCountNV: the view indices, the per-view dimension of
                // per-view outputs.
                None if name == "gl_MeshViewIndicesNV"
                    || name == "perviewNV"
                    || name.ends_with("PerViewNV") =>
                {
                    4
                }
                None => {
                    return Err(SpirvError::new(format!(
                        "`{name}`: an unsized array indexed dynamically (give it a size)"
                    )))
                }
            }
        };
        let e = self.sized_io_type(elem, depth + 1, lens, name, format)?;
        let c = self.const_u32(n);
        let t = self.id();
        self.globals.inst(op::TYPE_ARRAY, &[t, e, c]);
        self.elem.insert(t, e);
        self.array_lens.insert(t, n);
        Ok(t)
    }

    /// The length of an unsized (`[]`) output array of a mesh shader: `max_primitives` for
    /// per-primitive outputs and the primitive indices, `max_vertices` for the others.
    fn mesh_output_len(&self, vid: VarId) -> Option<(u32, TypeId)> {
        let v = &self.shader.vars[vid];
        if self.shader.stage != fresnel_ir::Stage::Mesh || v.mode != VarMode::ShaderOut {
            return None;
        }
        let Type::Array { elem, len: 0, .. } = *self.shader.types.get(v.ty) else {
            return None;
        };
        let info = &self.shader.info;
        let per_primitive = v.ext_quals.iter().any(|q| q.starts_with("perprimitive"))
            || (v.builtin
                && matches!(
                    v.name.as_str(),
                    "gl_PrimitiveID"
                        | "gl_Layer"
                        | "gl_ViewportIndex"
                        | "gl_CullPrimitiveEXT"
                        | "gl_PrimitiveShadingRateEXT"
                        | "gl_PrimitivePointIndicesEXT"
                        | "gl_PrimitiveLineIndicesEXT"
                        | "gl_PrimitiveTriangleIndicesEXT"
                        | "gl_ViewportMask"
                ));
        let n = if v.name == "gl_PrimitiveIndicesNV" {
            // Vertex indices of every primitive, one after the other.
            let per = info
                .other_modes
                .iter()
                .find_map(|(n, _)| match n.as_str() {
                    "triangles" => Some(3),
                    "lines" => Some(2),
                    "points" => Some(1),
                    _ => None,
                })
                .unwrap_or(3);
            info.other_modes
                .iter()
                .find(|(n, _)| n == "max_primitives")
                .and_then(|(_, x)| x.and_then(|x| u32::try_from(x).ok()))
                .map(|p| p.saturating_mul(per))
        } else if per_primitive {
            info.other_modes
                .iter()
                .find(|(n, _)| n == "max_primitives")
                .and_then(|(_, x)| x.and_then(|x| u32::try_from(x).ok()))
        } else {
            info.geometry.as_ref().map(|g| g.max_vertices)
        };
        n.filter(|&n| n > 0).map(|n| (n, elem))
    }

    /// Acceleration structures outside the ray-tracing stages come with ray queries.
    fn ray_query_cap_if_not_ray_tracing(&mut self) {
        if !self.ray_tracing_stage() {
            self.cap(ext::cap::RAY_QUERY_KHR);
            self.exts.insert("SPV_KHR_ray_query");
        }
    }

    /// The `BuiltIn` of a built-in variable or block member, with the capabilities and
    /// extensions an extension built-in needs.
    pub fn builtin_id(&mut self, name: &str) -> Option<u32> {
        if self.ray_tracing_stage() {
            // The instance and primitive of the hit, not the draw's.
            match name {
                "gl_InstanceID" => return Some(6),
                "gl_PrimitiveID" => return Some(7),
                _ => {}
            }
        }
        if let Some(b) = builtin(name, self.vulkan()) {
            return Some(b);
        }
        // GL_QCOM_tile_shading (issue 5, helper F).
        let (b, extra) = ext::builtin(name).or_else(|| super::tile_shading::builtin(name))?;
        if let Some((c, e)) = extra {
            self.cap(c);
            self.exts.insert(e);
        }
        Some(b)
    }
}

/// GL_NV_push_constant_bank (issue 5, helper B).
impl Module<'_> {
    /// `BankNV` on a push-constant block (its struct `st` and variable `id`) declared
    /// `layout(push_constant, bank = N)`, and `MemberOffsetNV` for `member_offset = N`
    /// (SPV_NV_push_constant_bank, capability `PushConstantBanksNV`), as glslang emits them.
    fn push_constant_bank(&mut self, v: &fresnel_ir::Variable, st: u32, id: u32) {
        const CAP_PUSH_CONSTANT_BANKS_NV: u32 = 5423;
        const DECOR_BANK_NV: u32 = 5397;
        const DECOR_MEMBER_OFFSET_NV: u32 = 5358;
        let value = |key: &str| {
            v.ext_quals
                .iter()
                .find_map(|q| q.strip_prefix(key)?.strip_prefix('=')?.parse::<u32>().ok())
        };
        let bank = value("bank");
        let offset = value("member_offset");
        if bank.is_none() && offset.is_none() {
            return;
        }
        self.cap(CAP_PUSH_CONSTANT_BANKS_NV);
        self.exts.insert("SPV_NV_push_constant_bank");
        if let Some(o) = offset {
            self.decorate(id, DECOR_MEMBER_OFFSET_NV, &[o]);
        }
        if let Some(b) = bank {
            self.decorate(st, DECOR_BANK_NV, &[b]);
            self.decorate(id, DECOR_BANK_NV, &[b]);
        }
    }
}

/// Extension qualifiers on interface-block members (issue 5, helper B).
impl Module<'_> {
    /// `PerViewNV` and `PerPrimitive{NV,EXT}` on member `i` of block `st` declared
    /// `perviewNV` / `perprimitiveNV` / `perprimitiveEXT` (GL_NV_mesh_shader,
    /// GL_EXT_mesh_shader), as glslang decorates them.
    fn member_ext_decorations(&mut self, st: u32, i: u32, quals: &[String]) {
        if quals.iter().any(|q| q.starts_with("perprimitive")) {
            if quals.iter().any(|q| q == "perprimitiveNV") || super::target::nv_mesh(self.shader) {
                self.cap(ext::cap::MESH_SHADING_NV);
                self.exts.insert("SPV_NV_mesh_shader");
            } else {
                self.cap(ext::cap::MESH_SHADING_EXT);
                self.exts.insert("SPV_EXT_mesh_shader");
            }
            self.member_decorate(st, i, ext::decor::PER_PRIMITIVE_EXT, &[]);
        }
        if quals.iter().any(|q| q == "perviewNV") {
            self.member_decorate(st, i, ext::decor::PER_VIEW_NV, &[]);
        }
    }
}

/// Issue 5 (helper V): unsized arrays before the last member of a block.
impl Module<'_> {
    /// An unsized array that is not the last member (desktop GLSL 4.30 sizes it implicitly)
    /// reaches the writer unsized; SPIR-V allows a runtime array only last, so it is
    /// declared with as many elements as the layout leaves room for before the next member
    /// (at least one). `None`: member `i` is not such an array.
    fn unsized_inner_member(
        &mut self,
        fields: &[fresnel_ir::Field],
        i: usize,
        external: bool,
        format: Option<u32>,
    ) -> Result<Option<u32>> {
        let (Some(f), Some(next)) = (fields.get(i), fields.get(i + 1)) else {
            return Ok(None);
        };
        let Type::Array {
            elem,
            len: 0,
            stride,
        } = *self.shader.types.get(f.ty)
        else {
            return Ok(None);
        };
        let (Some(a), Some(b)) = (f.offset, next.offset) else {
            return Ok(None);
        };
        let n = b.saturating_sub(a).checked_div(stride).unwrap_or(1).max(1);
        let e = self.ir_type(elem, external, format)?;
        let id = self.id();
        let len = self.const_u32(n);
        self.globals.inst(op::TYPE_ARRAY, &[id, e, len]);
        if stride != 0 && !holds_block(&self.shader.types, elem) {
            self.decorate(id, decor::ARRAY_STRIDE, &[stride]);
        }
        self.elem.insert(id, e);
        Ok(Some(id))
    }
}
