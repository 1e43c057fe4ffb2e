//! GL_EXT_descriptor_heap and GL_EXT_structured_descriptor_heap as SPV_EXT_descriptor_heap
//! with untyped pointers (SPV_KHR_untyped_pointers), after glslang's encoding.
//!
//! The heaps are the built-in variables `resource_heap` / `sampler_heap`
//! (`OpUntypedVariableKHR UniformConstant`, `BuiltIn ResourceHeapEXT` / `SamplerHeapEXT`),
//! declared on first use. Heap variables of the IR ([`fresnel_ir::Heap`]) are never declared
//! themselves; their derefs are written here:
//!
//! * a *heap array* element `a[i]`: `OpUntypedAccessChainKHR` of a runtime array of the
//!   descriptor type (`OpTypeBufferEXT` for blocks, the image, sampler, acceleration
//!   structure or tensor type otherwise) whose `ArrayStrideIdEXT` is the descriptor's
//!   `OpConstantSizeOfEXT` or the `descriptor_stride`; a block is then reached through
//!   `OpBufferPointerEXT` (a typed `Uniform` / `StorageBuffer` pointer, from which the rest
//!   of the chain is ordinary), an opaque object is loaded from the untyped pointer;
//! * a *structured heap block*: the heap's base moved by the block's `heap_offset` (an
//!   untyped chain into a runtime array of bytes), then one untyped chain into the block's
//!   struct type per step (each step is written where it is, with every index so far), whose
//!   members are laid out by `OffsetIdEXT` / `ArrayStrideIdEXT` computed as specialization
//!   constants from the descriptor sizes (scalar rules for plain data; a descriptor is
//!   aligned to its size); a buffer descriptor member is entered by the `deref_cast` after
//!   it (`OpBufferPointerEXT`).
//!
//! Image atomics through a heap image use `OpUntypedImageTexelPointerEXT`.

use fresnel_ir::VarMode;
use fresnel_ir::{BaseType, DerefKind, Heap, HeapKind, HeapOffset, Type, TypeId, VarId};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

use super::func::{FuncCx, Val};
use super::spec::{decor, op};
use super::types::Kind;
use super::{Module, Result, SpirvError};

/// SPIR-V enumerants of SPV_EXT_descriptor_heap and SPV_KHR_untyped_pointers.
pub mod en {
    pub const TYPE_UNTYPED_POINTER_KHR: u16 = 4417;
    pub const UNTYPED_VARIABLE_KHR: u16 = 4418;
    pub const UNTYPED_ACCESS_CHAIN_KHR: u16 = 4419;
    pub const TYPE_BUFFER_EXT: u16 = 5115;
    pub const BUFFER_POINTER_EXT: u16 = 5119;
    pub const UNTYPED_IMAGE_TEXEL_POINTER_EXT: u16 = 5126;
    pub const MEMBER_DECORATE_ID_EXT: u16 = 5127;
    pub const CONSTANT_SIZE_OF_EXT: u16 = 5129;
    pub const DECORATE_ID: u16 = 332;
    pub const SPEC_CONSTANT_OP: u16 = 52;
    pub const ARRAY_STRIDE_ID_EXT: u32 = 5124;
    pub const OFFSET_ID_EXT: u32 = 5125;
    pub const SAMPLER_HEAP_EXT: u32 = 5122;
    pub const RESOURCE_HEAP_EXT: u32 = 5123;
    pub const CAP_UNTYPED_POINTERS_KHR: u32 = 4473;
    pub const CAP_DESCRIPTOR_HEAP_EXT: u32 = 5128;
    pub const CAP_INT8: u32 = 39;
    pub const UNIFORM_CONSTANT: u32 = 0;
    pub const UNIFORM: u32 = 2;
    pub const IMAGE: u32 = 11;
    pub const STORAGE_BUFFER: u32 = 12;
    // Opcodes inside OpSpecConstantOp.
    pub const I_ADD: u32 = 128;
    pub const I_SUB: u32 = 130;
    pub const I_MUL: u32 = 132;
    pub const U_MOD: u32 = 137;
    pub const SELECT: u32 = 169;
    pub const U_GREATER_THAN: u32 = 172;
}

/// A size, alignment or offset in bytes: known, or a specialization-constant id.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Bytes {
    C(u32),
    Id(u32),
}

/// The SPIR-V form of a type inside a structured heap block.
#[derive(Copy, Clone, Debug)]
struct Laid {
    ty: u32,
    size: Bytes,
    align: Bytes,
    /// Holds a descriptor (a struct laid out by `OffsetIdEXT`, which only such take).
    descriptors: bool,
}

/// The memory qualifiers a heap image takes as decorations (`NonWritable`, `NonReadable`,
/// `Coherent`, `Volatile`; `restrict` is not written, as glslang).
const IMAGE_ACCESS: u8 = fresnel_ir::access::READONLY
    | fresnel_ir::access::WRITEONLY
    | fresnel_ir::access::COHERENT
    | fresnel_ir::access::VOLATILE;

/// A laid-out heap type's key: type, matrix layout (order and stride, and whether given),
/// image format, `descriptor_size`, and the block variable whose members carry qualifiers.
type LaidKey = (TypeId, u32, bool, Option<u32>, Option<u32>, Option<VarId>);

/// Module-wide heap declarations.
#[derive(Default, Debug)]
pub struct HeapState {
    /// The built-in heap variables (resource, sampler), once declared.
    vars: [u32; 2],
    untyped_ptrs: FxHashMap<u32, u32>,
    size_of: FxHashMap<u32, u32>,
    /// Runtime arrays of descriptors by element type and stride id.
    arrays: FxHashMap<(u32, u32), u32>,
    /// The runtime array of bytes (stride 1) structured heap offsets index.
    bytes: u32,
    spec_ops: FxHashMap<(u32, u32, u32, u32), u32>,
    /// Structured heap block types, laid out.
    /// Keyed by type, matrix layout, image format and (for a block whose members carry
    /// image formats) the variable.
    laid: FxHashMap<LaidKey, Laid>,
    /// Ids of untyped pointers to heap images (for image atomics).
    pub image_ptrs: FxHashSet<u32>,
    /// Block types decorated `Block` for buffer pointers.
    blocks: FxHashSet<u32>,
    /// Block types whose members carry a heap array's memory qualifiers.
    access_decorated: FxHashSet<u32>,
    /// Heap arrays of images with memory qualifiers: the struct wrapping their array.
    wrappers: FxHashMap<VarId, u32>,
}

/// A deref inside a heap variable not written as a pointer yet: a heap array itself, or a
/// place in a structured heap block (the block's struct type and the index ids so far).
#[derive(Clone, Debug)]
pub enum HeapPath {
    Array(VarId),
    Struct {
        var: VarId,
        base_type: u32,
        pointee: u32,
        ir_ty: TypeId,
        indices: SmallVec<[u32; 4]>,
        /// Memory qualifiers of the block member the path is in (bits as in
        /// [`fresnel_ir::access`]).
        access: u8,
    },
}

impl HeapPath {
    /// The memory qualifiers of what the path reaches (the heap array's, or its member's).
    fn access(&self, shader: &fresnel_ir::Shader) -> u8 {
        match self {
            HeapPath::Array(v) => shader.vars[*v].access,
            HeapPath::Struct { access, .. } => *access,
        }
    }
}

impl Module<'_> {
    fn heap_caps(&mut self) {
        self.cap(en::CAP_UNTYPED_POINTERS_KHR);
        self.cap(en::CAP_DESCRIPTOR_HEAP_EXT);
        self.exts.insert("SPV_EXT_descriptor_heap");
        self.exts.insert("SPV_KHR_untyped_pointers");
    }

    fn untyped_ptr(&mut self, class: u32) -> u32 {
        if let Some(&t) = self.heap.untyped_ptrs.get(&class) {
            return t;
        }
        let t = self.ty(en::TYPE_UNTYPED_POINTER_KHR, &[class]);
        self.heap.untyped_ptrs.insert(class, t);
        t
    }

    /// The built-in variable of a heap, declared on first use.
    fn heap_var(&mut self, kind: HeapKind) -> u32 {
        let k = usize::from(kind == HeapKind::Sampler);
        if self.heap.vars[k] != 0 {
            return self.heap.vars[k];
        }
        self.heap_caps();
        let pt = self.untyped_ptr(en::UNIFORM_CONSTANT);
        let id = self.id();
        self.globals
            .inst(en::UNTYPED_VARIABLE_KHR, &[pt, id, en::UNIFORM_CONSTANT]);
        let (name, b) = match kind {
            HeapKind::Resource => ("resource_heap", en::RESOURCE_HEAP_EXT),
            HeapKind::Sampler => ("sampler_heap", en::SAMPLER_HEAP_EXT),
        };
        self.name(id, name);
        self.decorate(id, decor::BUILT_IN, &[b]);
        self.interface.push(id);
        self.heap.vars[k] = id;
        id
    }

    fn size_of(&mut self, t: u32) -> u32 {
        if let Some(&id) = self.heap.size_of.get(&t) {
            return id;
        }
        let u = self.scalar_type(BaseType::Uint, 32);
        let id = self.id();
        self.globals.inst(en::CONSTANT_SIZE_OF_EXT, &[u, id, t]);
        self.heap.size_of.insert(t, id);
        id
    }

    fn bytes_id(&mut self, b: Bytes) -> u32 {
        match b {
            Bytes::C(n) => self.const_u32(n),
            Bytes::Id(id) => id,
        }
    }

    /// `OpSpecConstantOp` of a 32-bit unsigned result (a boolean for comparisons).
    fn spec_op(&mut self, opcode: u32, a: u32, b: u32, c: u32) -> u32 {
        let key = (opcode, a, b, c);
        if let Some(&id) = self.heap.spec_ops.get(&key) {
            return id;
        }
        let t = if opcode == en::U_GREATER_THAN {
            self.kind_type(Kind::new(BaseType::Bool, 1, 1))
        } else {
            self.scalar_type(BaseType::Uint, 32)
        };
        let id = self.id();
        let mut ops = vec![t, id, opcode, a, b];
        if opcode == en::SELECT {
            ops.push(c);
        }
        self.globals.inst(en::SPEC_CONSTANT_OP, &ops);
        self.heap.spec_ops.insert(key, id);
        id
    }

    fn b_binop(&mut self, opcode: u32, a: Bytes, b: Bytes) -> Bytes {
        match (opcode, a, b) {
            (en::I_ADD, Bytes::C(0), x) | (en::I_ADD | en::I_SUB, x, Bytes::C(0)) => return x,
            (en::I_MUL, Bytes::C(1), x) | (en::I_MUL, x, Bytes::C(1)) => return x,
            _ => {}
        }
        if let (Bytes::C(x), Bytes::C(y)) = (a, b) {
            let v = match opcode {
                en::I_ADD => x.checked_add(y),
                en::I_MUL => x.checked_mul(y),
                en::I_SUB => x.checked_sub(y),
                _ => x.checked_rem(y),
            };
            if let Some(v) = v {
                return Bytes::C(v);
            }
        }
        let (ai, bi) = (self.bytes_id(a), self.bytes_id(b));
        Bytes::Id(self.spec_op(opcode, ai, bi, 0))
    }

    /// `off` rounded up to a multiple of `align`.
    fn align_up(&mut self, off: Bytes, align: Bytes) -> Bytes {
        if off == Bytes::C(0) {
            return off;
        }
        if let (Bytes::C(o), Bytes::C(a)) = (off, align) {
            if a > 0 {
                if let Some(v) = o.div_ceil(a).checked_mul(a) {
                    return Bytes::C(v);
                }
            }
        }
        let r = self.b_binop(en::U_MOD, off, align);
        let p = self.b_binop(en::I_SUB, align, r);
        let q = self.b_binop(en::U_MOD, p, align);
        self.b_binop(en::I_ADD, off, q)
    }

    fn b_max(&mut self, a: Bytes, b: Bytes) -> Bytes {
        if let (Bytes::C(x), Bytes::C(y)) = (a, b) {
            return Bytes::C(x.max(y));
        }
        if a == b || b == Bytes::C(1) {
            return a;
        }
        if a == Bytes::C(1) {
            return b;
        }
        let (ai, bi) = (self.bytes_id(a), self.bytes_id(b));
        let g = self.spec_op(en::U_GREATER_THAN, ai, bi, 0);
        Bytes::Id(self.spec_op(en::SELECT, g, ai, bi))
    }

    /// A descriptor type: its size is its alignment.
    fn descriptor(&mut self, t: u32) -> Laid {
        let s = Bytes::Id(self.size_of(t));
        Laid {
            ty: t,
            size: s,
            align: s,
            descriptors: true,
        }
    }

    /// `OpTypeBufferEXT` of a storage class.
    fn buffer_type(&mut self, class: u32) -> u32 {
        self.ty(en::TYPE_BUFFER_EXT, &[class])
    }

    /// The SPIR-V type of an opaque IR type held in a heap (a texture without its sampler,
    /// an image without a format unless `format` gives one).
    fn heap_object_type(&mut self, ty: TypeId, format: Option<u32>) -> Result<u32> {
        match self.shader.types.get(ty) {
            Type::Opaque(n) if n == Heap::STORAGE_BUFFER => {
                Ok(self.buffer_type(en::STORAGE_BUFFER))
            }
            Type::Opaque(n) if n == Heap::UNIFORM_BUFFER => Ok(self.buffer_type(en::UNIFORM)),
            Type::Sampler {
                result: Some(_), ..
            } => self.ir_type(ty, false, Some(super::types::TEXTURE_ONLY)),
            _ => self.ir_type(ty, false, format),
        }
    }

    /// Size and alignment of plain data (no descriptors) under the scalar rules, laid out
    /// by the IR type's own offsets and strides; `matrix`: the field's matrix order and
    /// stride.
    fn plain_size(
        &self,
        ty: TypeId,
        matrix: Option<(bool, u32)>,
        depth: u32,
    ) -> Option<(u32, u32)> {
        if depth > 64 {
            return None;
        }
        Some(match self.shader.types.get(ty) {
            Type::Vector {
                base,
                bits,
                components,
            } => {
                let b = if *base == BaseType::Bool {
                    4
                } else {
                    u32::from(*bits) / 8
                };
                (b * u32::from(*components), b)
            }
            Type::Matrix {
                bits,
                columns,
                rows,
            } => {
                let b = u32::from(*bits) / 8;
                let (rm, stride) = matrix.unwrap_or((false, b * u32::from(*rows)));
                let n = if rm { *rows } else { *columns };
                (stride * u32::from(n), b)
            }
            Type::Array { elem, len, stride } => {
                let (_, a) = self.plain_size(*elem, matrix, depth + 1)?;
                (stride.checked_mul(*len)?, a)
            }
            Type::Struct { fields, .. } => {
                let mut end = 0u32;
                let mut align = 1u32;
                for f in fields {
                    let m = f.matrix_stride.map(|s| (f.row_major, s));
                    let (s, a) = self.plain_size(f.ty, m, depth + 1)?;
                    end = end.max(f.offset?.checked_add(s)?);
                    align = align.max(a);
                }
                (end.div_ceil(align).checked_mul(align)?, align)
            }
            _ => return None,
        })
    }

    /// Whether an array or struct inside a heap block is plain data laid out by the IR
    /// (arrays holding descriptors have no stride, the block's own struct no offsets).
    fn plain(&self, ty: TypeId, matrix: Option<(bool, u32)>) -> bool {
        !matches!(self.shader.types.get(ty), Type::Array { stride: 0, .. })
            && self.plain_size(ty, matrix, 0).is_some()
    }

    /// The image format of member `i` of heap block variable `var` (as written on it).
    fn heap_member_format(&self, var: Option<VarId>, i: usize) -> Option<u32> {
        let v = &self.shader.vars[var?];
        let f = v.members.get(i)?.format.as_deref()?;
        super::spec::image_format(f).map(|x| x.0)
    }

    /// The memory qualifiers (`NonWritable`, `NonReadable`, `Coherent`, `Volatile`) of member
    /// `i` (of IR type `ty`) of heap block variable `var` when it holds images.
    fn heap_member_image_access(&self, var: Option<VarId>, i: usize, ty: TypeId) -> u8 {
        let Some(var) = var else {
            return 0;
        };
        let mut t = ty;
        while let Type::Array { elem, .. } = self.shader.types.get(t) {
            t = *elem;
        }
        if !matches!(self.shader.types.get(t), Type::Image { .. }) {
            return 0;
        }
        self.shader.vars[var].members.get(i).map_or(0, |m| m.access) & IMAGE_ACCESS
    }

    /// Lays out a type inside a structured heap block (see the module docs); `format`: the
    /// image format of an image (or array of images) written on its member; `desc_size`:
    /// the member's `descriptor_size` (each descriptor in it takes, and is aligned to, that
    /// many bytes instead of its `OpConstantSizeOfEXT`); `var`: the heap block variable
    /// whose struct type `ty` is (for its members' qualifiers).
    fn heap_type(
        &mut self,
        ty: TypeId,
        matrix: Option<(bool, u32)>,
        format: Option<u32>,
        desc_size: Option<u32>,
        var: Option<VarId>,
        depth: u32,
    ) -> Result<Laid> {
        if depth > 64 {
            return Err(SpirvError::new("heap block types nested too deep"));
        }
        let var = var.filter(|&v| {
            self.shader.vars[v]
                .members
                .iter()
                .any(|m| m.format.is_some() || m.access != 0 || m.descriptor_size.is_some())
        });
        let key = (
            ty,
            matrix.map_or(0, |m| m.1 | (u32::from(m.0) << 31)),
            matrix.is_some(),
            format,
            desc_size,
            var,
        );
        if let Some(l) = self.heap.laid.get(&key) {
            return Ok(*l);
        }
        let t = self.shader.types.get(ty).clone();
        // Vectors, matrices and plain data inside the block: laid out by the lowering
        // (scalar rules).
        let plain_data = matches!(t, Type::Vector { .. } | Type::Matrix { .. })
            || (matches!(t, Type::Array { .. } | Type::Struct { .. }) && self.plain(ty, matrix));
        let laid = match t {
            _ if plain_data => {
                let (s, a) = self
                    .plain_size(ty, matrix, 0)
                    .ok_or_else(|| SpirvError::new("internal: heap data without a size"))?;
                Laid {
                    ty: self.ir_type(ty, true, None)?,
                    size: Bytes::C(s),
                    align: Bytes::C(a),
                    descriptors: false,
                }
            }
            Type::Array { elem, len, .. } => {
                let e = self.heap_type(elem, matrix, format, desc_size, None, depth + 1)?;
                let stride = self.align_up(e.size, e.align);
                // (Operand ids are declared before the array that names them.)
                let sid = self.bytes_id(stride);
                let id = self.id();
                if len == 0 {
                    self.globals.inst(op::TYPE_RUNTIME_ARRAY, &[id, e.ty]);
                } else {
                    let n = self.const_u32(len);
                    self.globals.inst(op::TYPE_ARRAY, &[id, e.ty, n]);
                }
                self.decorations
                    .inst(en::DECORATE_ID, &[id, en::ARRAY_STRIDE_ID_EXT, sid]);
                self.elem.insert(id, e.ty);
                let size = if len == 0 {
                    Bytes::C(0)
                } else {
                    self.b_binop(en::I_MUL, stride, Bytes::C(len))
                };
                Laid {
                    ty: id,
                    size,
                    align: e.align,
                    descriptors: e.descriptors,
                }
            }
            Type::Struct { name, fields, .. } => {
                let mut members = Vec::with_capacity(fields.len());
                let mut offsets = Vec::with_capacity(fields.len());
                let mut off = Bytes::C(0);
                let mut align = Bytes::C(1);
                let mut descriptors = false;
                // With explicit offsets, the block ends where its furthest member does.
                let placed = fields.iter().any(|f| f.offset.is_some());
                let mut furthest = Bytes::C(0);
                for (i, f) in fields.iter().enumerate() {
                    let m = f.matrix_stride.map(|s| (f.row_major, s));
                    let fmt = self.heap_member_format(var, i);
                    // (Nested structs pass their member's `descriptor_size` down.)
                    let size = var
                        .and_then(|v| self.shader.vars[v].members.get(i))
                        .and_then(|d| d.descriptor_size)
                        .or(desc_size);
                    let l = self.heap_type(f.ty, m, fmt, size, None, depth + 1)?;
                    descriptors |= l.descriptors;
                    // An explicit `offset` places the member there (as in a Vulkan buffer
                    // block, the members after it follow it).
                    off = match f.offset {
                        Some(o) => Bytes::C(o),
                        None => self.align_up(off, l.align),
                    };
                    offsets.push(off);
                    off = self.b_binop(en::I_ADD, off, l.size);
                    if placed {
                        furthest = self.b_max(furthest, off);
                    }
                    align = self.b_max(align, l.align);
                    members.push(l.ty);
                }
                let end = if placed { furthest } else { off };
                let size = self.align_up(end, align);
                // (Operand ids are declared before the struct that names them.)
                let offset_ids: Vec<u32> = if descriptors {
                    offsets.iter().map(|o| self.bytes_id(*o)).collect()
                } else {
                    Vec::new()
                };
                let id = self.struct_type(&name, &members, &fields);
                for (i, f) in fields.iter().enumerate() {
                    let i32_ = i as u32;
                    // Plain data only: ordinary offsets (all known then).
                    match offsets[i] {
                        Bytes::C(o) if !descriptors => {
                            self.member_decorate(id, i32_, decor::OFFSET, &[o]);
                        }
                        _ => self.decorations.inst(
                            en::MEMBER_DECORATE_ID_EXT,
                            &[id, i32_, en::OFFSET_ID_EXT, offset_ids[i]],
                        ),
                    }
                    self.member_matrix_layout(id, i32_, f);
                    // An image member's memory qualifiers (a buffer descriptor's decorate
                    // its buffer pointers).
                    let bits = self.heap_member_image_access(var, i, f.ty);
                    self.access_decorations(id, Some(i32_), bits);
                }
                // Vulkan: a struct ending in a runtime array is a block.
                let runtime = fields.last().is_some_and(|f| {
                    matches!(self.shader.types.get(f.ty), Type::Array { len: 0, .. })
                });
                if runtime {
                    self.decorate_once(id, decor::BLOCK);
                }
                self.members.insert(id, members);
                Laid {
                    ty: id,
                    size,
                    align,
                    descriptors,
                }
            }
            _ => {
                let t = self.heap_object_type(ty, format)?;
                match desc_size {
                    Some(n) => Laid {
                        ty: t,
                        size: Bytes::C(n),
                        align: Bytes::C(n),
                        descriptors: true,
                    },
                    None => self.descriptor(t),
                }
            }
        };
        self.heap.laid.insert(key, laid);
        Ok(laid)
    }

    /// A runtime array of descriptors `desc` `stride` bytes apart (the descriptor's size
    /// when `None`).
    fn descriptor_array(&mut self, desc: u32, stride: Option<u32>) -> u32 {
        let sid = match stride {
            Some(s) => self.const_u32(s),
            None => self.size_of(desc),
        };
        if let Some(&t) = self.heap.arrays.get(&(desc, sid)) {
            return t;
        }
        let id = self.id();
        self.globals.inst(op::TYPE_RUNTIME_ARRAY, &[id, desc]);
        self.decorations
            .inst(en::DECORATE_ID, &[id, en::ARRAY_STRIDE_ID_EXT, sid]);
        self.elem.insert(id, desc);
        self.heap.arrays.insert((desc, sid), id);
        id
    }

    /// The struct `{ arr }` (named `<var>_heap`) an image heap array with memory qualifiers
    /// is reached through, its member decorated with them (as glslang writes
    /// `readonly` / `writeonly` heap images): one per variable.
    fn image_wrapper(&mut self, var: VarId, arr: u32) -> u32 {
        if let Some(&t) = self.heap.wrappers.get(&var) {
            return t;
        }
        let v = &self.shader.vars[var];
        // (The offset's constant is declared before the struct naming it.)
        let zero = self.const_u32(0);
        let id = self.id();
        self.globals.inst(op::TYPE_STRUCT, &[id, arr]);
        self.name(id, &format!("{}_heap", v.name));
        if self.opts.debug_names {
            self.names.inst_str(op::MEMBER_NAME, &[id, 0], &v.name, &[]);
        }
        self.decorate_once(id, decor::BLOCK);
        let bits = v.access & IMAGE_ACCESS;
        self.access_decorations(id, Some(0), bits);
        self.decorations.inst(
            en::MEMBER_DECORATE_ID_EXT,
            &[id, 0, en::OFFSET_ID_EXT, zero],
        );
        self.members.insert(id, vec![arr]);
        self.heap.wrappers.insert(var, id);
        id
    }

    fn byte_array(&mut self) -> u32 {
        if self.heap.bytes != 0 {
            return self.heap.bytes;
        }
        self.cap(en::CAP_INT8);
        let u8_t = self.scalar_type(BaseType::Uint, 8);
        let id = self.id();
        self.globals.inst(op::TYPE_RUNTIME_ARRAY, &[id, u8_t]);
        self.decorate(id, decor::ARRAY_STRIDE, &[1]);
        self.heap.bytes = id;
        id
    }

    /// The block type a buffer descriptor points at, decorated `Block` once.
    fn heap_block(&mut self, ty: TypeId) -> Result<u32> {
        let t = self.ir_type(ty, true, None)?;
        if self.heap.blocks.insert(t) && !self.decorated.contains(&(t, decor::BLOCK)) {
            self.decorate_once(t, decor::BLOCK);
        }
        Ok(t)
    }
}

impl FuncCx<'_, '_> {
    /// A heap variable's deref, or a step inside one (see the module docs); `Ok(false)` for
    /// any other deref.
    pub(super) fn heap_deref(&mut self, d: &fresnel_ir::Deref) -> Result<bool> {
        let shader = self.m.shader;
        match d.kind {
            DerefKind::Var(var) => {
                let Some(h) = &shader.vars[var].heap else {
                    return Ok(false);
                };
                let path = if h.offset.is_some() {
                    let l =
                        self.m
                            .heap_type(shader.vars[var].ty, None, None, None, Some(var), 0)?;
                    HeapPath::Struct {
                        var,
                        base_type: l.ty,
                        pointee: l.ty,
                        ir_ty: shader.vars[var].ty,
                        indices: SmallVec::new(),
                        access: 0,
                    }
                } else {
                    HeapPath::Array(var)
                };
                // A structured block is a pointer too (its start), for whole-aggregate
                // groups of its plain members (`coalesce.rs`).
                if let HeapPath::Struct { base_type, .. } = path {
                    let base = self.heap_base(var)?;
                    self.vals[d.dest.0 as usize] = Val::Ptr {
                        id: base,
                        pointee: base_type,
                        class: en::UNIFORM_CONSTANT,
                        ty: d.ty,
                        mode: d.mode,
                    };
                }
                self.heap_paths.insert(d.dest, path);
                Ok(true)
            }
            DerefKind::Array { parent, index } => {
                let Some(path) = self.heap_paths.get(&parent).cloned() else {
                    return Ok(false);
                };
                let idx = self.index_operand(index)?;
                match path {
                    HeapPath::Array(var) => self.heap_element(d, var, idx)?,
                    HeapPath::Struct { .. } => self.heap_step(d, path, idx)?,
                }
                Ok(true)
            }
            DerefKind::Struct { parent, field } => {
                let Some(path) = self.heap_paths.get(&parent).cloned() else {
                    return Ok(false);
                };
                if matches!(path, HeapPath::Array(_)) {
                    return Err(SpirvError::new("internal: a member of a heap array itself"));
                }
                let idx = self.m.const_i32(field as i32);
                self.heap_step(d, path, idx)?;
                Ok(true)
            }
            DerefKind::Cast { parent } => {
                let is_buffer = self.deref_type(parent).is_some_and(|t| {
                    matches!(shader.types.get(t), Type::Opaque(n) if n == Heap::STORAGE_BUFFER || n == Heap::UNIFORM_BUFFER)
                });
                if !is_buffer {
                    return Ok(false);
                }
                let Val::Ptr { id: p, .. } = self.vals[parent.0 as usize] else {
                    return Err(SpirvError::new(
                        "internal: a heap buffer descriptor without a pointer",
                    ));
                };
                let access = self.heap_paths.get(&parent).map_or(0, |h| h.access(shader));
                self.buffer_pointer(d, p, access)?;
                Ok(true)
            }
        }
    }

    /// `OpBufferPointerEXT` of the untyped pointer `p` to a buffer descriptor: the block
    /// (`access`: the memory qualifiers of the member holding the descriptor).
    fn buffer_pointer(&mut self, d: &fresnel_ir::Deref, p: u32, access: u8) -> Result<()> {
        let class = match d.mode {
            VarMode::Ssbo => en::STORAGE_BUFFER,
            VarMode::Ubo => en::UNIFORM,
            m => {
                return Err(SpirvError::new(format!(
                    "internal: a heap buffer in {} memory",
                    m.name()
                )))
            }
        };
        self.buffer_pointer_in(d, p, class)?;
        self.pointer_access(d, access);
        Ok(())
    }

    /// `NonWritable` / `NonReadable` on the buffer pointer of `d` for `readonly` /
    /// `writeonly` (as glslang decorates its `OpBufferPointerEXT` results).
    fn pointer_access(&mut self, d: &fresnel_ir::Deref, access: u8) {
        let Val::Ptr { id, .. } = self.vals[d.dest.0 as usize] else {
            return;
        };
        let bits = access & (fresnel_ir::access::READONLY | fresnel_ir::access::WRITEONLY);
        if bits != 0 {
            self.m.access_decorations(id, None, bits);
        }
    }

    /// `OpBufferPointerEXT` of descriptor pointer `p` as a `class` pointer to `d`'s block.
    fn buffer_pointer_in(&mut self, d: &fresnel_ir::Deref, p: u32, class: u32) -> Result<()> {
        let bt = self.m.heap_block(d.ty)?;
        let pt = self.m.pointer(class, bt);
        let id = self.new_id();
        self.code.inst(en::BUFFER_POINTER_EXT, &[pt, id, p]);
        self.vals[d.dest.0 as usize] = Val::Ptr {
            id,
            pointee: bt,
            class,
            ty: d.ty,
            mode: d.mode,
        };
        Ok(())
    }

    /// Element `idx` of a heap array.
    fn heap_element(&mut self, d: &fresnel_ir::Deref, var: VarId, idx: u32) -> Result<()> {
        let shader = self.m.shader;
        let v = &shader.vars[var];
        let Some(h) = &v.heap else {
            return Err(SpirvError::new("internal: not a heap variable"));
        };
        let (kind, stride) = (h.kind, h.stride);
        let buffer_class = match v.mode {
            VarMode::Ubo => Some(en::UNIFORM),
            VarMode::Ssbo => Some(en::STORAGE_BUFFER),
            _ => None,
        };
        let desc = match buffer_class {
            Some(c) => self.m.buffer_type(c),
            None => {
                let format = self.m.var_format(var);
                self.m.heap_object_type(d.ty, format)?
            }
        };
        let arr = self.m.descriptor_array(desc, stride);
        let heap = self.m.heap_var(kind);
        let up = self.m.untyped_ptr(en::UNIFORM_CONSTANT);
        let qualified_image = buffer_class.is_none()
            && matches!(shader.types.get(d.ty), Type::Image { .. })
            && v.access & IMAGE_ACCESS != 0;
        let p = if qualified_image {
            let w = self.m.image_wrapper(var, arr);
            let zero = self.m.const_i32(0);
            self.untyped_chain(up, w, heap, &[zero, idx])
        } else {
            self.untyped_chain(up, arr, heap, &[idx])
        };
        match buffer_class {
            Some(class) => {
                self.buffer_pointer_in(d, p, class)?;
                // The block's members take the array's memory qualifiers (as an ordinary
                // block's do), and the pointer `NonWritable` / `NonReadable`.
                if v.access != 0 {
                    let bt = self.m.heap_block(d.ty)?;
                    if self.m.heap.access_decorated.insert(bt) {
                        let n = self.m.members.get(&bt).map_or(0, Vec::len);
                        for i in 0..n {
                            self.m.access_decorations(bt, Some(i as u32), v.access);
                        }
                    }
                    self.pointer_access(d, v.access);
                }
            }
            None => {
                if matches!(shader.types.get(d.ty), Type::Image { .. }) {
                    self.m.heap.image_ptrs.insert(p);
                }
                self.vals[d.dest.0 as usize] = Val::Ptr {
                    id: p,
                    pointee: desc,
                    class: en::UNIFORM_CONSTANT,
                    ty: d.ty,
                    mode: d.mode,
                };
            }
        }
        Ok(())
    }

    /// A step inside a structured heap block: written at once (an untyped chain from the
    /// block's base with every index so far), and kept for the steps after it.
    fn heap_step(&mut self, d: &fresnel_ir::Deref, path: HeapPath, idx: u32) -> Result<()> {
        let HeapPath::Struct {
            var,
            base_type,
            pointee,
            ir_ty,
            mut indices,
            mut access,
        } = path
        else {
            return Err(SpirvError::new("internal: not a structured heap path"));
        };
        let next = match d.kind {
            DerefKind::Struct { field, .. } => self
                .m
                .members
                .get(&pointee)
                .and_then(|m| m.get(field as usize))
                .copied(),
            _ => self.m.elem.get(&pointee).copied(),
        };
        let Some(next) = next else {
            return Err(SpirvError::new(format!(
                "internal: a heap step into `{}`",
                self.m.shader.types.display(ir_ty)
            )));
        };
        if indices.is_empty() {
            // A member of the block itself: its memory qualifiers.
            if let DerefKind::Struct { field, .. } = d.kind {
                access = self.m.shader.vars[var]
                    .members
                    .get(field as usize)
                    .map_or(0, |m| m.access);
            }
        }
        indices.push(idx);
        let base = self.heap_base(var)?;
        let up = self.m.untyped_ptr(en::UNIFORM_CONSTANT);
        let p = self.untyped_chain(up, base_type, base, &indices);
        if matches!(self.m.shader.types.get(d.ty), Type::Image { .. }) {
            self.m.heap.image_ptrs.insert(p);
        }
        self.vals[d.dest.0 as usize] = Val::Ptr {
            id: p,
            pointee: next,
            class: en::UNIFORM_CONSTANT,
            ty: d.ty,
            mode: d.mode,
        };
        self.heap_paths.insert(
            d.dest,
            HeapPath::Struct {
                var,
                base_type,
                pointee: next,
                ir_ty: d.ty,
                indices,
                access,
            },
        );
        Ok(())
    }

    /// Where a structured heap block starts: its heap's variable, moved by `heap_offset`.
    fn heap_base(&mut self, var: VarId) -> Result<u32> {
        let shader = self.m.shader;
        let Some(h) = &shader.vars[var].heap else {
            return Err(SpirvError::new("internal: not a heap variable"));
        };
        let heap = self.m.heap_var(h.kind);
        let off = match &h.offset {
            None | Some(HeapOffset::Const(0)) => return Ok(heap),
            Some(HeapOffset::Const(n)) => self.m.const_u32(*n),
            Some(HeapOffset::Spec(id)) => {
                super::spec::decorated_target(&self.m.decorations.words, decor::SPEC_ID, *id)
                    .ok_or_else(|| {
                        SpirvError::new(format!(
                            "the specialization constant {id} of a heap offset is not declared"
                        ))
                    })?
            }
            Some(HeapOffset::Member { var: b, path }) => self.heap_offset_load(*b, path)?,
        };
        let arr = self.m.byte_array();
        let up = self.m.untyped_ptr(en::UNIFORM_CONSTANT);
        Ok(self.untyped_chain(up, arr, heap, &[off]))
    }

    /// A heap offset read from a block member (once per SPIR-V block).
    fn heap_offset_load(&mut self, b: VarId, path: &[u32]) -> Result<u32> {
        let Some(&vid) = self.m.var_ids.get(&b) else {
            return Err(SpirvError::new(format!(
                "the block `{}` holding a heap offset has no SPIR-V declaration",
                self.m.shader.vars[b].name
            )));
        };
        let class = self.m.var_class(b);
        let mut t = match self.m.var_types.get(&b) {
            Some(&t) => t,
            None => {
                return Err(SpirvError::new(
                    "internal: a heap offset block without a type",
                ))
            }
        };
        let mut ops: SmallVec<[u32; 6]> = smallvec::smallvec![vid];
        for &k in path {
            let Some(&n) = self.m.members.get(&t).and_then(|m| m.get(k as usize)) else {
                return Err(SpirvError::new(
                    "internal: a heap offset path outside its block",
                ));
            };
            ops.push(self.m.const_i32(k as i32));
            t = n;
        }
        let pt = self.m.pointer(class, t);
        let ptr = match self.pure.get(op::ACCESS_CHAIN, pt, &ops) {
            Some(p) => p,
            None => {
                let p = self.new_id();
                let mut words: SmallVec<[u32; 8]> = smallvec::smallvec![pt, p];
                words.extend(ops.iter().copied());
                self.code.inst(op::ACCESS_CHAIN, &words);
                self.pure.insert(op::ACCESS_CHAIN, pt, &ops, p);
                p
            }
        };
        Ok(self.load_handle(t, ptr))
    }

    /// `OpUntypedAccessChainKHR` (once per SPIR-V block).
    fn untyped_chain(&mut self, ptr_t: u32, base_type: u32, base: u32, indices: &[u32]) -> u32 {
        let mut ops: SmallVec<[u32; 6]> = smallvec::smallvec![base_type, base];
        ops.extend_from_slice(indices);
        if let Some(id) = self.pure.get(en::UNTYPED_ACCESS_CHAIN_KHR, ptr_t, &ops) {
            return id;
        }
        let id = self.new_id();
        let mut words: SmallVec<[u32; 8]> = smallvec::smallvec![ptr_t, id];
        words.extend(ops.iter().copied());
        self.code.inst(en::UNTYPED_ACCESS_CHAIN_KHR, &words);
        self.pure
            .insert(en::UNTYPED_ACCESS_CHAIN_KHR, ptr_t, &ops, id);
        id
    }

    /// The texel pointer of an image atomic through a heap image (`p` an untyped pointer
    /// to the image, of SPIR-V type `image_t`), or `None` for other images.
    pub(super) fn heap_texel_pointer(
        &mut self,
        p: u32,
        image_t: u32,
        coord: u32,
        sample: u32,
    ) -> Option<u32> {
        if !self.m.heap.image_ptrs.contains(&p) {
            return None;
        }
        let pt = self.m.untyped_ptr(en::IMAGE);
        let id = self.new_id();
        self.code.inst(
            en::UNTYPED_IMAGE_TEXEL_POINTER_EXT,
            &[pt, id, image_t, p, coord, sample],
        );
        Some(id)
    }
}
