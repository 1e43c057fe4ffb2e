//! Global variables: modes, names, interface and resource decorations, layouts, initializers;
//! constants; stage-wide information.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use fresnel_ir::{
    access, BaseType, BlockPacking, Constant, Interp, MemberDecor, Sampling, SpecConstant, TypeId,
    Types, VarId, VarMode, Variable,
};
use fresnel_sema::constant::ConstValue;
use fresnel_sema::hir::{self, Storage};
use fresnel_sema::memory_layout::Packing;
use fresnel_sema::types::{ArraySize, Member, StructKind, Type as HType, TypeId as HirTypeId};
use fresnel_syntax::ast::Precision;
use fresnel_syntax::extensions::Ext;
use fresnel_syntax::source::Span;

use crate::func::{Cx, Global};
use crate::types::{ir_block_type, ir_precision, ir_type, shape, Layout, Shape};
use crate::LowerError;

/// Image format layout qualifiers.
const IMAGE_FORMATS: &[&str] = &[
    "rgba32f",
    "rgba16f",
    "rg32f",
    "rg16f",
    "r11f_g11f_b10f",
    "r32f",
    "r16f",
    "rgba16",
    "rgb10_a2",
    "rgba8",
    "rg16",
    "rg8",
    "r16",
    "r8",
    "rgba16_snorm",
    "rgba8_snorm",
    "rg16_snorm",
    "rg8_snorm",
    "r16_snorm",
    "r8_snorm",
    "rgba32i",
    "rgba16i",
    "rgba8i",
    "rg32i",
    "rg16i",
    "rg8i",
    "r32i",
    "r16i",
    "r8i",
    "rgba32ui",
    "rgba16ui",
    "rgb10_a2ui",
    "rgba8ui",
    "rg32ui",
    "rg16ui",
    "rg8ui",
    "r32ui",
    "r16ui",
    "r8ui",
    "r64ui",
    "r64i",
];

/// The image format a layout name gives, in lower case (names are matched in any case);
/// `None` for other names (performance: no lower-cased copy of every layout name).
/// The layout qualifiers with a value that [`Cx::decorate`] reads.
const DECORATION_KEYS: [&str; 12] = [
    "location",
    "component",
    "index",
    "binding",
    "set",
    "xfb_buffer",
    "xfb_offset",
    "xfb_stride",
    "stream",
    "input_attachment_index",
    "bank",
    "member_offset",
];

fn image_format(name: &str) -> Option<String> {
    IMAGE_FORMATS
        .iter()
        .find(|f| f.eq_ignore_ascii_case(name))
        .map(|f| f.to_string())
}

/// The bit pattern of a scalar constant.
pub fn scalar_bits(c: &ConstValue) -> u64 {
    match *c {
        ConstValue::Bool(b) => u64::from(b),
        ConstValue::I8(x) => u64::from(x as u8),
        ConstValue::I16(x) => u64::from(x as u16),
        ConstValue::I32(x) => u64::from(x as u32),
        ConstValue::I64(x) => x as u64,
        ConstValue::U8(x) => u64::from(x),
        ConstValue::U16(x) => u64::from(x),
        ConstValue::U32(x) => u64::from(x),
        ConstValue::U64(x) => x,
        ConstValue::F16(x) => u64::from(fresnel_ir::float::f32_to_f16(x)),
        ConstValue::F32(x) => u64::from(x.to_bits()),
        ConstValue::F64(x) => x.to_bits(),
        ConstValue::Composite(ref v) => v.first().map_or(0, scalar_bits),
    }
}

/// The scalar components of a scalar or vector constant (`n` of them; a single value is
/// splatted).
/// Inline for a `vec4` (performance: a constant operand needs no heap list).
pub fn vector_bits(c: &ConstValue, n: usize) -> SmallVec<[u64; 4]> {
    let mut out = SmallVec::with_capacity(n);
    fn flat(c: &ConstValue, out: &mut SmallVec<[u64; 4]>) {
        match c {
            ConstValue::Composite(v) => v.iter().for_each(|x| flat(x, out)),
            s => out.push(scalar_bits(s)),
        }
    }
    flat(c, &mut out);
    if out.len() == 1 && n > 1 {
        out = smallvec::smallvec![out[0]; n];
    }
    out.resize(n, 0);
    out
}

/// An HIR constant as an IR constant of type `ty`.
pub fn const_to_ir(m: &hir::Module, c: &ConstValue, ty: HirTypeId) -> Constant {
    match shape(m, ty) {
        Shape::Value { n, .. } => Constant::Vector(vector_bits(c, usize::from(n)).into_vec()),
        Shape::Matrix { cols, rows, .. } => {
            let cols_v: Vec<Constant> = match c {
                ConstValue::Composite(v) if v.len() == usize::from(cols) => v
                    .iter()
                    .map(|col| Constant::Vector(vector_bits(col, usize::from(rows)).into_vec()))
                    .collect(),
                other => {
                    let all = vector_bits(other, usize::from(cols) * usize::from(rows));
                    all.chunks(usize::from(rows))
                        .map(|ch| Constant::Vector(ch.to_vec()))
                        .collect()
                }
            };
            Constant::Composite(cols_v)
        }
        Shape::Memory | Shape::Void => {
            let items = match c {
                ConstValue::Composite(v) => v.as_slice(),
                other => std::slice::from_ref(other),
            };
            match m.types.get(ty) {
                HType::Array { elem, .. } => {
                    Constant::Composite(items.iter().map(|x| const_to_ir(m, x, *elem)).collect())
                }
                HType::Struct(sid) => {
                    let def = m.types.struct_def(*sid);
                    Constant::Composite(
                        def.members
                            .iter()
                            .zip(items)
                            .map(|(mem, x)| const_to_ir(m, x, mem.ty))
                            .collect(),
                    )
                }
                _ => Constant::Vector(vec![]),
            }
        }
    }
}

impl Cx<'_> {
    fn layout_name(&self, e: &hir::LayoutEntry) -> &str {
        self.interner.resolve(e.name)
    }

    fn layout_value(&self, quals: &hir::VarQuals, name: &str) -> Option<i64> {
        quals
            .layout
            .iter()
            .rev()
            .find(|e| self.layout_name(e).eq_ignore_ascii_case(name))
            .and_then(|e| e.value)
    }

    fn has_layout(&self, quals: &hir::VarQuals, name: &str) -> bool {
        quals
            .layout
            .iter()
            .any(|e| self.layout_name(e).eq_ignore_ascii_case(name))
    }

    /// The IR binding of a HIR global variable, creating its IR variable on first use.
    pub fn global(
        &mut self,
        types: &mut Types,
        id: hir::VarId,
        span: Span,
    ) -> Result<Global, LowerError> {
        if let Some(g) = self.globals.get(&id) {
            return Ok(*g);
        }
        let g = self.make_global(types, id, span)?;
        self.globals.insert(id, g);
        Ok(g)
    }

    fn make_global(
        &mut self,
        types: &mut Types,
        id: hir::VarId,
        span: Span,
    ) -> Result<Global, LowerError> {
        let m = self.m;
        let var = m.var(id);
        if let Some((bid, idx)) = var.block_member {
            if var.builtin {
                let name = self.interner.resolve(var.name);
                let mode = self.mode_of(var);
                // A built-in of a redeclared block kept for transform feedback is that
                // block's member (one variable in the interface holds each built-in).
                if let Some((block, member)) = self.captured_builtin_member(var.name, mode) {
                    if let Global::Var(b) = self.global(types, block, span)? {
                        return Ok(Global::Member(b, member));
                    }
                }
                let v = self.flat_var(types, name, mode, var.ty, Some(id), span)?;
                return Ok(Global::Var(v));
            }
            return match self.global(types, bid, span)? {
                Global::Var(b) => Ok(Global::Member(b, idx)),
                _ => Err(LowerError::new(
                    "member of an unsupported block",
                    Some(span),
                )),
            };
        }
        if var.storage == Storage::Const {
            self.spec_constant(types, id, span)?;
            return Ok(Global::Const);
        }
        if var.builtin && var.storage == Storage::In {
            let name = self.interner.resolve(var.name);
            if is_geometry_shader4_input(name) {
                return Err(LowerError::new(
                    format!(
                        "`{name}` (GL_ARB_geometry_shader4 before GLSL 1.50) is checked but not \
                         compiled: its size and the input primitive are API settings; use GLSL \
                         1.50, a `layout(triangles) in;` (or another primitive) and `gl_in[i]`"
                    ),
                    Some(span),
                ));
            }
        }
        // A global of a block type outside the interface storages holds buffer references
        // (GL_EXT_buffer_reference), as the checker decides.
        let block_ty = self
            .block_type(var.ty)
            .filter(|_| !crate::types::holds_references(m, var));
        if var.builtin && block_ty.is_some() {
            return Ok(Global::BuiltinBlock);
        }
        // A redeclared anonymous built-in block (`out gl_PerVertex { ... };`): its members
        // are built-ins, flattened where used like those of the implicit block.
        if block_ty.is_some() && self.is_redeclared_builtin_block(id) {
            return Ok(Global::BuiltinBlock);
        }
        let mode = self.mode_of(var);
        let layout = self.layout_of(var, mode);
        // GL_EXT_descriptor_heap: read from a heap, not bound (`heap.rs`).
        let heap = self.heap_of(types, var, span)?;
        let structured_heap = heap.as_ref().is_some_and(|h| h.offset.is_some());
        let mut ty = if structured_heap {
            crate::heap::ir_heap_type(
                types,
                m,
                self.interner,
                var.ty,
                layout.is_some_and(|l| l.row_major),
                span,
                0,
            )?
        } else if block_ty.is_some() {
            ir_block_type(types, m, self.interner, var.ty, layout, span)?
        } else {
            ir_type(types, m, self.interner, var.ty, layout, span)?
        };
        ty = self.size_io_array(types, ty, var, mode);
        // Mesh outputs declared without a size (`gl_PrimitiveTriangleIndicesEXT[]`) take
        // theirs from `max_vertices` / `max_primitives` (the back ends), not from indices.
        // (Heap arrays stay unsized: the heap's size is the client API's.)
        if !(self.stage == fresnel_ir::Stage::Mesh && mode == VarMode::ShaderOut) && heap.is_none()
        {
            ty = self.size_implicit_array(types, ty, id);
        }
        if block_ty.is_none() && matches!(mode, VarMode::Global | VarMode::Shared) {
            // Issue 5: lengths given by specialization constants stay specializable (for
            // private and shared arrays; interface and resource arrays keep the default,
            // as their locations and descriptor counts are fixed).
            ty = self.spec_array_type(types, ty, id, span)?;
        }
        if block_ty.is_some() && matches!(mode, VarMode::ShaderIn | VarMode::ShaderOut) {
            ty = self.size_implicit_members(types, ty, id, mode);
        }
        let name = match block_ty {
            Some(bt) => match m.types.get(bt) {
                HType::Struct(s) => m
                    .types
                    .struct_def(*s)
                    .name
                    .map_or_else(String::new, |n| self.interner.resolve(n).to_string()),
                _ => String::new(),
            },
            None => self.interner.resolve(var.name).to_string(),
        };
        let mut v = Variable::new(name, ty, mode);
        v.builtin = var.builtin;
        self.decorate(&mut v, var);
        v.precision = self.effective_precision(id, var);
        v.packing = layout.map(|l| ir_packing(l.packing));
        if let Some(bt) = block_ty {
            v.members = self.member_decors(bt, &v);
        }
        if let Some(h) = heap {
            v.binding = None;
            v.set = None;
            if h.offset.is_some() {
                v.packing = Some(BlockPacking::Scalar);
            }
            v.heap = Some(h);
        }
        if matches!(m.types.get(m.types.innermost(var.ty)), HType::AtomicUint) {
            v.offset = Some(self.atomic_offset(types, &v, var));
        }
        if matches!(mode, VarMode::Uniform | VarMode::Global) {
            if let Some(init) = var.init {
                // Values of vendor types have no IR constants: their constructors run at
                // the start of `main` (`vendor_const`).
                let at_run_time = m.is_spec_expr(init) || crate::vendor::contains_vendor(m, var.ty);
                if let (hir::ExprKind::Const(c), false) = (&m.expr(init).kind, at_run_time) {
                    v.init = Some(const_to_ir(m, c, var.ty));
                } else if mode == VarMode::Global {
                    self.global_inits.push(id);
                }
            }
        }
        let vid = self.vars.push(v);
        Ok(Global::Var(vid))
    }

    /// A flattened built-in variable (`gl_Position` from `gl_PerVertex`), one per name and
    /// mode.
    pub fn flat_var(
        &mut self,
        types: &mut Types,
        name: &str,
        mode: VarMode,
        hty: HirTypeId,
        hvar: Option<hir::VarId>,
        span: Span,
    ) -> Result<VarId, LowerError> {
        if let Some(v) = self.flat.get(name, mode) {
            return Ok(v);
        }
        let mut ty = ir_type(types, self.m, self.interner, hty, None, span)?;
        if let Some(h) = hvar {
            ty = self.size_implicit_array(types, ty, h);
        }
        let mut v = Variable::new(name, ty, mode);
        v.builtin = true;
        if let Some(h) = hvar {
            self.decorate(&mut v, self.m.var(h));
        }
        let id = self.vars.push(v);
        self.flat.insert(name.to_string(), mode, id);
        Ok(id)
    }

    /// The flattened arrayed variable for member `member` of a built-in block array
    /// (`gl_in[i].gl_Position`).
    pub fn block_array_member(
        &mut self,
        types: &mut Types,
        block_var: hir::VarId,
        member: u32,
        span: Span,
    ) -> Result<VarId, LowerError> {
        let m = self.m;
        let var = m.var(block_var);
        let mode = self.mode_of(var);
        let (arr, bt) = match *m.types.get(var.ty) {
            HType::Array { elem, size } => (Some(size), elem),
            _ => (None, var.ty),
        };
        let HType::Struct(sid) = *m.types.get(bt) else {
            return Err(LowerError::new("not a block", Some(span)));
        };
        let Some(mem) = m.types.struct_def(sid).members.get(member as usize) else {
            return Err(LowerError::new("no such block member", Some(span)));
        };
        let name = self.interner.resolve(mem.name);
        if let Some(v) = self.flat.get(name, mode) {
            return Ok(v);
        }
        let elem = ir_type(types, m, self.interner, mem.ty, None, span)?;
        let ty = match arr {
            Some(size) => {
                let len = match size {
                    ArraySize::Fixed(n) => n,
                    ArraySize::Unsized => self.io_array_len(mode).unwrap_or(0),
                };
                types.intern(fresnel_ir::Type::Array {
                    elem,
                    len,
                    stride: 0,
                })
            }
            None => elem,
        };
        let mut v = Variable::new(name, ty, mode);
        v.builtin = true;
        v.patch = var.quals.patch;
        let id = self.vars.push(v);
        self.flat.insert(name.to_string(), mode, id);
        Ok(id)
    }

    /// The block type of a block variable or array of blocks.
    fn block_type(&self, ty: HirTypeId) -> Option<HirTypeId> {
        let t = self.m.types.innermost(ty);
        match self.m.types.get(t) {
            HType::Struct(s) if self.m.types.struct_def(*s).kind == StructKind::Block => Some(t),
            _ => None,
        }
    }

    pub fn mode_of(&self, var: &hir::Var) -> VarMode {
        match var.storage {
            Storage::In => VarMode::ShaderIn,
            Storage::Out => VarMode::ShaderOut,
            Storage::Uniform => {
                if self.has_layout(&var.quals, "push_constant") {
                    VarMode::PushConstant
                } else if self.block_type(var.ty).is_some() {
                    VarMode::Ubo
                } else {
                    VarMode::Uniform
                }
            }
            Storage::Buffer => VarMode::Ssbo,
            Storage::Shared => VarMode::Shared,
            // A structured descriptor heap block: read-only memory with a layout.
            Storage::Ext(_)
                if crate::heap::structured_kind(self.m, self.interner, var).is_some() =>
            {
                VarMode::Ubo
            }
            Storage::Local | Storage::Param(_) => VarMode::Function,
            Storage::Global | Storage::Const | Storage::Ext(_) => VarMode::Global,
        }
    }

    fn layout_of(&self, var: &hir::Var, mode: VarMode) -> Option<Layout> {
        if !matches!(mode, VarMode::Ubo | VarMode::Ssbo | VarMode::PushConstant) {
            return None;
        }
        let default_packing = if mode == VarMode::Ubo {
            Packing::Std140
        } else {
            Packing::Std430
        };
        // The checker records the effective packing and matrix order of each block where it
        // is declared (with the `layout(...) uniform;` defaults in effect there).
        if let Some(bl) = self
            .block_type(var.ty)
            .and_then(|bt| match self.m.types.get(bt) {
                HType::Struct(sid) => self.m.types.struct_def(*sid).block_layout,
                _ => None,
            })
        {
            return Some(Layout {
                packing: bl.packing.unwrap_or(default_packing),
                row_major: bl.row_major,
            });
        }
        // Blocks declared without that record (built-in blocks): from the stage-wide
        // entries and the block's own.
        let mut packing = default_packing;
        let mut row_major = false;
        // Defaults from `layout(row_major) uniform;`-style declarations. The HIR keeps them
        // among the stage-wide entries without saying for which storage or from where on,
        // so they apply to every block (`std430` only to buffer blocks).
        for e in &self.m.stage_layout {
            let n = self.layout_name(e).to_ascii_lowercase();
            match Packing::from_name(&n) {
                Some(Packing::Std430) if mode == VarMode::Ubo => {}
                Some(p) => packing = p,
                None if n == "row_major" => row_major = true,
                None if n == "column_major" => row_major = false,
                None => {}
            }
        }
        for e in &var.quals.layout {
            let n = self.layout_name(e).to_ascii_lowercase();
            if let Some(p) = Packing::from_name(&n) {
                packing = p;
            } else if n == "row_major" {
                row_major = true;
            } else if n == "column_major" {
                row_major = false;
            }
        }
        Some(Layout { packing, row_major })
    }

    /// The vertex count of per-vertex arrays of geometry and tessellation stages.
    fn io_array_len(&self, mode: VarMode) -> Option<u32> {
        use fresnel_ir::Stage;
        match (self.stage, mode) {
            (Stage::Geometry, VarMode::ShaderIn) => self.info.geometry.as_ref().and_then(|g| {
                Some(match g.input.as_str() {
                    "points" => 1,
                    "lines" => 2,
                    "lines_adjacency" => 4,
                    "triangles" => 3,
                    "triangles_adjacency" => 6,
                    _ => return None,
                })
            }),
            (Stage::TessControl | Stage::TessEval, VarMode::ShaderIn) => Some(32),
            (Stage::TessControl, VarMode::ShaderOut) => self.info.tess_vertices,
            _ => None,
        }
    }

    /// Gives an unsized per-vertex array its size.
    fn size_io_array(
        &self,
        types: &mut Types,
        ty: TypeId,
        var: &hir::Var,
        mode: VarMode,
    ) -> TypeId {
        if !matches!(mode, VarMode::ShaderIn | VarMode::ShaderOut) || var.quals.patch {
            return ty;
        }
        if let fresnel_ir::Type::Array {
            elem,
            len: 0,
            stride,
        } = *types.get(ty)
        {
            if let Some(n) = self.io_array_len(mode) {
                return types.intern(fresnel_ir::Type::Array {
                    elem,
                    len: n,
                    stride,
                });
            }
        }
        ty
    }

    /// Gives an array declared without a size (`float a[];`, `gl_ClipDistance`) the size its
    /// uses imply: one more than the largest constant index.
    pub(crate) fn size_implicit_array(
        &mut self,
        types: &mut Types,
        ty: TypeId,
        var: hir::VarId,
    ) -> TypeId {
        let fresnel_ir::Type::Array {
            elem,
            len: 0,
            stride,
        } = *types.get(ty)
        else {
            return ty;
        };
        if self.implicit_sizes.is_none() {
            let m = self.m;
            let mut sizes: FxHashMap<hir::VarId, u32> = FxHashMap::default();
            for e in &m.exprs {
                if let hir::ExprKind::Index(base, idx) = &e.kind {
                    if let (hir::ExprKind::Var(v), hir::ExprKind::Const(c)) =
                        (&m.expr(*base).kind, &m.expr(*idx).kind)
                    {
                        let k = u32::try_from(scalar_bits(c)).unwrap_or(0).saturating_add(1);
                        let ent = sizes.entry(*v).or_insert(0);
                        *ent = (*ent).max(k);
                    }
                }
            }
            self.implicit_sizes = Some(sizes);
        }
        match self.implicit_sizes.as_ref().and_then(|s| s.get(&var)) {
            Some(&len) => types.intern(fresnel_ir::Type::Array { elem, len, stride }),
            None => ty,
        }
    }

    fn decorate(&self, v: &mut Variable, var: &hir::Var) {
        let q = &var.quals;
        // Every layout entry is named once, in one pass (performance: not one scan of the
        // list per qualifier looked up); as `layout_value`, the last entry of a name wins.
        let mut vals = [None; DECORATION_KEYS.len()];
        let (mut format, mut record_ext, mut record_nv, mut tile) = (None, false, false, false);
        for e in &q.layout {
            let name = self.layout_name(e);
            if let Some(k) = DECORATION_KEYS
                .iter()
                .position(|key| name.eq_ignore_ascii_case(key))
            {
                vals[k] = e.value;
                continue;
            }
            if format.is_none() {
                format = image_format(name);
            }
            record_ext |= name.eq_ignore_ascii_case("shaderRecordEXT");
            record_nv |= name.eq_ignore_ascii_case("shaderRecordNV");
            tile |= name.eq_ignore_ascii_case("tile_attachmentQCOM");
        }
        let value = |key: &str| {
            let k = DECORATION_KEYS.iter().position(|k| *k == key);
            vals[k.expect("a decoration key")]
        };
        v.location = value("location").map(|x| x as i32);
        v.component = value("component").map(|x| x as u8);
        v.index = value("index").map(|x| x as u8);
        v.binding = value("binding").map(|x| x as u32);
        v.set = value("set").map(|x| x as u32);
        if self.opts.vulkan
            && v.set.is_none()
            && matches!(v.mode, VarMode::Ubo | VarMode::Ssbo | VarMode::Uniform)
            && v.binding.is_some()
        {
            v.set = Some(0);
        }
        v.interp = match q.interp {
            Some(hir::Interp::Flat) => Interp::Flat,
            Some(hir::Interp::NoPerspective) => Interp::NoPerspective,
            _ => Interp::Smooth,
        };
        v.sampling = if q.sample {
            Sampling::Sample
        } else if q.centroid {
            Sampling::Centroid
        } else {
            Sampling::Center
        };
        v.patch = q.patch;
        v.invariant = q.invariant || (self.m.invariant_all && v.mode == VarMode::ShaderOut);
        v.precise = q.precise;
        let mm = q.memory;
        let mut acc = 0u8;
        for (on, bit) in [
            (mm.readonly, access::READONLY),
            (mm.writeonly, access::WRITEONLY),
            (mm.coherent, access::COHERENT),
            (mm.volatile, access::VOLATILE),
            (mm.restrict, access::RESTRICT),
        ] {
            if on {
                acc |= bit;
            }
        }
        v.access = acc;
        v.format = format;
        v.relaxed_precision = matches!(q.precision, Some(Precision::Medium | Precision::Low));
        v.precision = ir_precision(q.precision);
        let u32_of = |n: &str| value(n).and_then(|x| u32::try_from(x).ok());
        v.xfb_buffer = u32_of("xfb_buffer");
        v.xfb_offset = u32_of("xfb_offset");
        v.xfb_stride = u32_of("xfb_stride");
        v.stream = u32_of("stream");
        v.input_attachment_index = u32_of("input_attachment_index");
        if v.mode == VarMode::ShaderOut {
            self.xfb_defaults(v, var.span);
        }
        // Extension storage and qualifiers, for the SPIR-V back end (issue 5, helper D).
        if let Storage::Ext(s) = var.storage {
            v.ext_storage = Some(self.interner.resolve(s).to_string());
        }
        for (on, rec) in [
            (record_ext, "shaderRecordEXT"),
            (record_nv, "shaderRecordNV"),
        ] {
            if on {
                v.ext_storage = Some(rec.to_string());
            }
        }
        // GL_QCOM_tile_shading (issue 5, helper F): an image declared
        // `layout(tile_attachmentQCOM)` lives in the tile attachment storage.
        if tile {
            v.ext_storage = Some("tile_attachmentQCOM".to_string());
        }
        v.ext_quals = q
            .ext
            .iter()
            .map(|s| self.interner.resolve(*s).to_string())
            .collect();
        // GL_NV_push_constant_bank (issue 5, helper B): `bank = N` and `member_offset = N`
        // of a push-constant block ride along as `bank=N` / `member_offset=N`.
        if v.mode == VarMode::PushConstant {
            for key in ["bank", "member_offset"] {
                if let Some(n) = u32_of(key) {
                    v.ext_quals.push(format!("{key}={n}"));
                }
            }
        }
    }

    /// Transform feedback and stream defaults from `layout(xfb_buffer = b, xfb_stride = s)
    /// out;` and `layout(stream = k) out;`. The current buffer and stream are positional:
    /// a declaration takes the ones set before it (by source position, in its file). A
    /// stride set while buffer `b` is current belongs to buffer `b` wherever it stands.
    fn xfb_defaults(&self, v: &mut Variable, decl: Span) {
        let before = |e: &hir::LayoutEntry| e.span.file != decl.file || e.span.start < decl.start;
        let mut current = 0u32;
        let mut buffer = 0u32;
        let mut strides: Vec<(u32, u32)> = Vec::new();
        let mut stream = None;
        for e in &self.m.stage_layout {
            let val = e.value.and_then(|x| u32::try_from(x).ok());
            match self.layout_name(e) {
                "xfb_buffer" => {
                    current = val.unwrap_or(0);
                    if before(e) {
                        buffer = current;
                    }
                }
                "xfb_stride" => {
                    if let Some(st) = val {
                        strides.retain(|(b, _)| *b != current);
                        strides.push((current, st));
                    }
                }
                "stream" if before(e) => stream = val,
                _ => {}
            }
        }
        let captured = v.xfb_offset.is_some() || v.members.iter().any(|m| m.xfb_offset.is_some());
        if captured || v.xfb_buffer.is_some() {
            let b = *v.xfb_buffer.get_or_insert(buffer);
            if v.xfb_stride.is_none() {
                v.xfb_stride = strides.iter().find(|(x, _)| *x == b).map(|(_, st)| *st);
            }
        }
        if v.stream.is_none() && self.stage == fresnel_ir::Stage::Geometry {
            v.stream = stream;
        }
    }

    /// A variable's precision: written, else the default precision its uses resolved to
    /// (the checker gives each use of a variable its effective precision). The search is
    /// bounded: past the budget only written precisions are recorded.
    fn effective_precision(&self, id: hir::VarId, var: &hir::Var) -> fresnel_ir::Precision {
        if var.quals.precision.is_some() {
            return ir_precision(var.quals.precision);
        }
        const BUDGET: usize = 50_000_000;
        if self.m.exprs.len().saturating_mul(self.m.globals.len()) > BUDGET {
            return fresnel_ir::Precision::None;
        }
        let p = self.m.exprs.iter().find_map(|e| match e.kind {
            hir::ExprKind::Var(v) if v == id => Some(e.precision),
            _ => None,
        });
        ir_precision(p.flatten())
    }

    /// Decorations of the members of block type `bt` (empty when all are defaults).
    fn member_decors(&self, bt: HirTypeId, v: &Variable) -> Vec<MemberDecor> {
        let HType::Struct(sid) = *self.m.types.get(bt) else {
            return Vec::new();
        };
        let def = self.m.types.struct_def(sid);
        let mut out: Vec<MemberDecor> = def
            .members
            .iter()
            .map(|mem| self.member_decor(mem, v))
            .collect();
        // A redeclared `gl_PerVertex` holding only compatibility-profile members
        // (`gl_TexCoord`, `gl_ClipVertex`, `gl_FrontColor`, ...): those have no built-in
        // counterpart outside GL drivers, so they are ordinary members, as the flattened
        // variables of the same names are ordinary inputs and outputs. (A block mixing them
        // with core built-ins keeps both marked.)
        let is_compat = |i: usize| {
            def.members
                .get(i)
                .is_some_and(|mem| COMPAT_IO.contains(&self.interner.resolve(mem.name)))
        };
        if out.iter().any(|d| d.builtin)
            && out
                .iter()
                .enumerate()
                .all(|(i, d)| !d.builtin || is_compat(i))
        {
            for d in &mut out {
                d.builtin = false;
            }
        }
        if out.iter().all(MemberDecor::is_default) {
            Vec::new()
        } else {
            out
        }
    }

    fn member_decor(&self, mem: &Member, v: &Variable) -> MemberDecor {
        let entry = |n: &str| {
            mem.layout
                .entries
                .iter()
                .rev()
                .find(|e| self.layout_name(e).eq_ignore_ascii_case(n))
                .and_then(|e| e.value)
                .and_then(|x| u32::try_from(x).ok())
        };
        let i = &mem.interface;
        let mm = mem.memory;
        let mut acc = 0u8;
        for (on, bit) in [
            (mm.readonly, access::READONLY),
            (mm.writeonly, access::WRITEONLY),
            (mm.coherent, access::COHERENT),
            (mm.volatile, access::VOLATILE),
            (mm.restrict, access::RESTRICT),
        ] {
            if on {
                acc |= bit;
            }
        }
        // A `buffer_type` member of a heap block: the buffer's own memory qualifiers too.
        if let Some(bl) = self.heap_buffer_layout(mem.ty) {
            for (on, bit) in [
                (bl.memory.readonly, access::READONLY),
                (bl.memory.writeonly, access::WRITEONLY),
                (bl.memory.coherent, access::COHERENT),
                (bl.memory.volatile, access::VOLATILE),
                (bl.memory.restrict, access::RESTRICT),
            ] {
                if on {
                    acc |= bit;
                }
            }
        }
        let format = mem
            .layout
            .entries
            .iter()
            .find_map(|e| image_format(self.layout_name(e)));
        let xfb_offset = entry("xfb_offset");
        MemberDecor {
            builtin: self.interner.resolve(mem.name).starts_with("gl_"),
            location: mem.layout.location.and_then(|x| i32::try_from(x).ok()),
            component: mem.layout.component.and_then(|x| u8::try_from(x).ok()),
            interp: match i.interp {
                Some(hir::Interp::Flat) => Interp::Flat,
                Some(hir::Interp::NoPerspective) => Interp::NoPerspective,
                _ => Interp::Smooth,
            },
            sampling: if i.sample {
                Sampling::Sample
            } else if i.centroid {
                Sampling::Centroid
            } else {
                Sampling::Center
            },
            patch: i.patch,
            invariant: i.invariant,
            precise: i.precise,
            precision: ir_precision(mem.precision),
            access: acc,
            xfb_buffer: entry("xfb_buffer").or(if xfb_offset.is_some() {
                v.xfb_buffer
            } else {
                None
            }),
            xfb_offset,
            xfb_stride: entry("xfb_stride"),
            stream: entry("stream"),
            ext_quals: i
                .ext
                .iter()
                .map(|s| self.interner.resolve(*s).to_string())
                .collect(),
            format,
            descriptor_size: entry("descriptor_size"),
        }
    }

    /// The layout of the `buffer_type` block a member of type `ty` (or an array of them)
    /// is a descriptor of.
    fn heap_buffer_layout(&self, ty: HirTypeId) -> Option<fresnel_sema::types::BlockLayout> {
        let inner = self.m.types.innermost(ty);
        crate::heap::buffer_type(self.m, inner)?;
        match self.m.types.get(inner) {
            HType::Struct(s) => self.m.types.struct_def(*s).block_layout,
            _ => None,
        }
    }

    /// The byte offset of an atomic counter: written, else just after the previous counter
    /// with the same binding (declaration order).
    fn atomic_offset(&self, types: &Types, v: &Variable, var: &hir::Var) -> u32 {
        if let Some(o) = self
            .layout_value(&var.quals, "offset")
            .and_then(|x| u32::try_from(x).ok())
        {
            return o;
        }
        let mut next = 0u32;
        for (_, prev) in self.vars.iter() {
            if prev.binding == v.binding && prev.mode == VarMode::Uniform {
                if let Some(o) = prev.offset {
                    // Counters in an array are 4 bytes apart.
                    let mut count = 1u32;
                    let mut t = prev.ty;
                    while let fresnel_ir::Type::Array { elem, len, .. } = *types.get(t) {
                        count = count.saturating_mul(len.max(1));
                        t = elem;
                    }
                    next = o.saturating_add(count.saturating_mul(4));
                }
            }
        }
        next
    }

    /// Records a specialization constant (`layout(constant_id = N) const T x = v;`).
    fn spec_constant(
        &mut self,
        types: &mut Types,
        id: hir::VarId,
        span: Span,
    ) -> Result<(), LowerError> {
        let m = self.m;
        let var = m.var(id);
        let Some(sid) = self
            .layout_value(&var.quals, "constant_id")
            .and_then(|x| u32::try_from(x).ok())
        else {
            return Ok(());
        };
        let ty = ir_type(types, m, self.interner, var.ty, None, span)?;
        // A small float scalar (bfloat16, float e4m3/e5m2, the microscaling formats): the
        // IR has no values of these types; its default is recorded as a number, which the
        // back end rounds to the format (`SpecConstant::value`), and code reads it with the
        // vendor operation `spec_constant`.
        let small = fresnel_ir::vendor::is_small_float_scalar(types, ty);
        let value = match (&var.constant, var.init.map(|e| &m.expr(e).kind)) {
            (Some(c), _) | (None, Some(hir::ExprKind::Const(c))) => c.clone(),
            // (The checker requires a constant default of such a constant: never read
            // silently as something else.)
            _ if small => {
                return Err(LowerError::new(
                    format!(
                        "specialization constant `{}` has no constant default value",
                        self.interner.resolve(var.name)
                    ),
                    Some(span),
                ))
            }
            _ => return Ok(()),
        };
        if !small && types.value_shape(ty).is_none_or(|(_, n)| n != 1) {
            return Ok(());
        }
        if self.info.spec_constants.iter().any(|c| c.id == sid) {
            return Ok(());
        }
        let value = if small {
            let Some(v) = value.to_f64() else {
                return Err(LowerError::new(
                    format!(
                        "specialization constant `{}`: the default is not a number",
                        self.interner.resolve(var.name)
                    ),
                    Some(span),
                ));
            };
            fresnel_ir::Constant::Vector(vec![v.to_bits()])
        } else {
            const_to_ir(m, &value, var.ty)
        };
        self.info.spec_constants.push(SpecConstant {
            id: sid,
            name: self.interner.resolve(var.name).to_string(),
            ty,
            value,
        });
        Ok(())
    }

    /// Stage-wide facts from `layout(...) in/out;` declarations and `gl_FragCoord`.
    pub fn stage_info(&mut self) {
        let m = self.m;
        let mut geo = fresnel_ir::GeometryInfo {
            invocations: 1,
            ..Default::default()
        };
        let mut is_geo = false;
        for e in &m.stage_layout {
            let n = self.interner.resolve(e.name).to_ascii_lowercase();
            let val = e.value.unwrap_or(0).clamp(0, i64::from(u32::MAX)) as u32;
            match n.as_str() {
                "local_size_x" => self.info.local_size[0] = val,
                "local_size_y" => self.info.local_size[1] = val,
                "local_size_z" => self.info.local_size[2] = val,
                "early_fragment_tests" => self.info.early_fragment_tests = true,
                "vertices" => self.info.tess_vertices = Some(val),
                "max_vertices" => {
                    geo.max_vertices = val;
                    is_geo = true;
                }
                "invocations" => geo.invocations = val,
                // The HIR does not say whether `points` was an input or an output primitive:
                // the first primitive is the input unless a later one can only be an input.
                "points" | "lines" | "lines_adjacency" | "triangles" | "triangles_adjacency"
                    if self.stage == fresnel_ir::Stage::Geometry
                        && (geo.input.is_empty() || (geo.input == "points" && n != "points")) =>
                {
                    if geo.input == "points" && geo.output.is_empty() {
                        geo.output = "points".into();
                    }
                    geo.input = n.clone();
                    is_geo = true;
                }
                "line_strip" | "triangle_strip" => geo.output = n.clone(),
                "points" if self.stage == fresnel_ir::Stage::Geometry => geo.output = n.clone(),
                _ => {}
            }
        }
        // GL_ARB/EXT_geometry_shader4 before GLSL 1.50 declares no input primitive (an API
        // setting). The primitive whose vertex count the inputs have: an explicitly sized
        // input's (the checker holds them to one size), else 6, the size the checker gave
        // `gl_VerticesIn` and the unsized inputs (triangles with adjacency).
        if self.stage == fresnel_ir::Stage::Geometry
            && geo.input.is_empty()
            && !m.version.at_least(150, 0)
            && m.extensions
                .any_on(&[Ext::ARB_geometry_shader4, Ext::EXT_geometry_shader4])
        {
            let sized = m.globals.iter().find_map(|&g| {
                let v = m.var(g);
                match m.types.get(v.ty) {
                    HType::Array {
                        size: ArraySize::Fixed(n),
                        ..
                    } if v.storage == Storage::In && !v.builtin => Some(*n),
                    _ => None,
                }
            });
            geo.input = match sized {
                Some(1) => "points",
                Some(2) => "lines",
                Some(3) => "triangles",
                Some(4) => "lines_adjacency",
                _ => "triangles_adjacency",
            }
            .into();
        }
        if is_geo || self.stage == fresnel_ir::Stage::Geometry {
            self.info.geometry = Some(geo);
        }
        self.stage_modes();
        for &g in &m.globals {
            let v = m.var(g);
            let name = self.interner.resolve(v.name);
            if name == "gl_FragCoord" {
                self.info.origin_upper_left |= self.has_layout(&v.quals, "origin_upper_left");
                self.info.pixel_center_integer |= self.has_layout(&v.quals, "pixel_center_integer");
            }
            if name == "gl_FragDepth" {
                for e in &v.quals.layout {
                    let n = self.layout_name(e).to_ascii_lowercase();
                    if n.starts_with("depth_") {
                        self.info.depth_layout = Some(n);
                    }
                }
            }
        }
    }

    /// `spirv_execution_mode(...)` / `spirv_execution_mode_id(...)` directives
    /// (GL_EXT_spirv_intrinsics): their operands as 32-bit constants or, in the id form,
    /// specialization constants named directly.
    pub fn spirv_modes(&mut self) -> Result<(), LowerError> {
        use fresnel_ir::{SpirvMode, SpirvModeOperand as O};
        use fresnel_sema::constant::ConstValue as C;
        let m = self.m;
        for md in &m.spirv_execution_modes {
            let unsupported = |what: &str| {
                LowerError::new(
                    format!(
                        "`spirv_execution_mode` {}: {what} is not supported",
                        md.mode
                    ),
                    Some(md.span),
                )
            };
            let mut operands = Vec::with_capacity(md.operands.len());
            for &e in &md.operands {
                if m.is_spec_expr(e) {
                    let spec = m.spec_unfolded(e).and_then(|u| match m.expr(u).kind {
                        hir::ExprKind::Var(v) => self
                            .layout_value(&m.var(v).quals, "constant_id")
                            .and_then(|x| u32::try_from(x).ok()),
                        _ => None,
                    });
                    match spec {
                        Some(id) => operands.push(O::Spec(id)),
                        None => {
                            return Err(unsupported(
                                "an operand computed from specialization constants",
                            ))
                        }
                    }
                    continue;
                }
                let o = match &m.expr(e).kind {
                    hir::ExprKind::Const(c) => match c {
                        C::Bool(b) => O::Bool(*b),
                        C::I8(_) | C::I16(_) | C::I32(_) => {
                            O::Int(c.to_i64().and_then(|v| i32::try_from(v).ok()).unwrap_or(0))
                        }
                        C::U8(_) | C::U16(_) | C::U32(_) => {
                            O::Uint(c.to_i64().and_then(|v| u32::try_from(v).ok()).unwrap_or(0))
                        }
                        C::F16(v) | C::F32(v) => O::Float(v.to_bits()),
                        _ => return Err(unsupported("a 64-bit or composite operand")),
                    },
                    _ => return Err(unsupported("an operand that is not a constant")),
                };
                operands.push(o);
            }
            self.info.spirv_modes.push(SpirvMode {
                mode: md.mode,
                id: md.id,
                operands,
            });
        }
        self.info.spirv_capabilities = m.spirv_capabilities.clone();
        self.info.spirv_extensions = m.spirv_extensions.clone();
        Ok(())
    }

    /// Tessellation modes, specialization-constant local sizes, blend support and the other
    /// stage-wide qualifiers not modelled by a field of their own.
    fn stage_modes(&mut self) {
        use fresnel_ir::Stage;
        let m = self.m;
        let tess = matches!(self.stage, Stage::TessControl | Stage::TessEval);
        let geometry = self.stage == Stage::Geometry;
        for e in &m.stage_layout {
            let n = self.interner.resolve(e.name).to_ascii_lowercase();
            let id = e.value.and_then(|x| u32::try_from(x).ok());
            let info = &mut self.info;
            match n.as_str() {
                "local_size_x_id" => info.local_size_id[0] = id,
                "local_size_y_id" => info.local_size_id[1] = id,
                "local_size_z_id" => info.local_size_id[2] = id,
                "triangles" | "quads" | "isolines" if tess => info.tess_primitive = Some(n),
                "equal_spacing" | "fractional_even_spacing" | "fractional_odd_spacing" if tess => {
                    info.tess_spacing = Some(n)
                }
                "cw" | "ccw" if tess => info.tess_order = Some(n),
                "point_mode" if tess => info.tess_point_mode = true,
                _ if n.starts_with("blend_support") => {
                    if !info.blend_support.contains(&n) {
                        info.blend_support.push(n);
                    }
                }
                _ if n.starts_with("depth_") => info.depth_layout = Some(n),
                // Modelled elsewhere (sizes, geometry primitives, block defaults, xfb and
                // streams). Mesh shader primitives stay among the other modes.
                "points"
                | "lines"
                | "lines_adjacency"
                | "triangles"
                | "triangles_adjacency"
                | "line_strip"
                | "triangle_strip"
                | "invocations"
                    if geometry => {}
                "local_size_x"
                | "local_size_y"
                | "local_size_z"
                | "early_fragment_tests"
                | "vertices"
                | "max_vertices"
                | "row_major"
                | "column_major"
                | "xfb_buffer"
                | "xfb_stride"
                | "stream" => {}
                _ if Packing::from_name(&n).is_some() => {}
                _ => {
                    if !info
                        .other_modes
                        .iter()
                        .any(|(x, v)| *x == n && *v == e.value)
                    {
                        info.other_modes.push((n, e.value));
                    }
                }
            }
        }
    }
}

/// The IR name of a block packing.
fn ir_packing(p: Packing) -> BlockPacking {
    match p {
        Packing::Std140 => BlockPacking::Std140,
        Packing::Std430 => BlockPacking::Std430,
        Packing::Scalar => BlockPacking::Scalar,
        Packing::Shared => BlockPacking::Shared,
        Packing::Packed => BlockPacking::Packed,
    }
}

/// `gl_MaxMeshViewCountNV`: the length of the view dimension of per-view mesh outputs.
const MESH_VIEW_COUNT_NV: u32 = 4;

/// The compatibility profile's per-vertex inputs and outputs (members of its `gl_PerVertex`).
const COMPAT_IO: &[&str] = &[
    "gl_ClipVertex",
    "gl_FrontColor",
    "gl_BackColor",
    "gl_FrontSecondaryColor",
    "gl_BackSecondaryColor",
    "gl_TexCoord",
    "gl_FogFragCoord",
    "gl_Color",
    "gl_SecondaryColor",
];

// ---- implicitly sized arrays, redeclared built-in blocks (helper C, issue 4) ----
impl Cx<'_> {
    /// The IR variable of a built-in that a built-in function reads without the shader
    /// naming it (`ftransform` reads `gl_Vertex` and `gl_ModelViewProjectionMatrix`, the
    /// subgroup emulations `gl_SubgroupInvocationID`, ...), so that the checker, which
    /// declares only the built-ins a shader names, has no variable for it. `None` for other
    /// names.
    pub(crate) fn implied_builtin(&mut self, types: &mut Types, name: &str) -> Option<VarId> {
        let (ty, mode) = match name {
            "gl_Vertex" => (types.vector(BaseType::Float, 32, 4), VarMode::ShaderIn),
            "gl_ModelViewProjectionMatrix" => (
                types.intern(fresnel_ir::Type::Matrix {
                    bits: 32,
                    columns: 4,
                    rows: 4,
                }),
                VarMode::Uniform,
            ),
            "gl_SubgroupInvocationID" | "gl_SubgroupSize" => {
                (types.scalar(BaseType::Uint, 32), VarMode::ShaderIn)
            }
            "gl_PrimitiveIndicesNV" => {
                let mode_value = |n: &str| {
                    self.info
                        .other_modes
                        .iter()
                        .find(|(x, _)| x == n)
                        .and_then(|(_, v)| *v)
                };
                let has_mode = |n: &str| self.info.other_modes.iter().any(|(x, _)| x == n);
                let per_primitive = if has_mode("points") {
                    1
                } else if has_mode("lines") {
                    2
                } else {
                    3
                };
                let prims = mode_value("max_primitives")
                    .and_then(|n| u32::try_from(n).ok())
                    .unwrap_or(0);
                let u = types.scalar(BaseType::Uint, 32);
                (types.array(u, prims * per_primitive), VarMode::ShaderOut)
            }
            _ => return None,
        };
        if let Some(v) = self.flat.get(name, mode) {
            return Some(v);
        }
        let mut v = Variable::new(name, ty, mode);
        v.builtin = true;
        let id = self.vars.push(v);
        self.flat.insert(name.to_string(), mode, id);
        Some(id)
    }

    /// The redeclared built-in block of `mode` kept for transform feedback (not an array)
    /// that has a member named `name`, and that member's index.
    fn captured_builtin_member(
        &self,
        name: fresnel_syntax::intern::Symbol,
        mode: VarMode,
    ) -> Option<(hir::VarId, u32)> {
        let m = self.m;
        m.vars.iter().enumerate().find_map(|(i, var)| {
            let block = hir::VarId(i as u32);
            let HType::Struct(sid) = *m.types.get(var.ty) else {
                return None;
            };
            let def = m.types.struct_def(sid);
            if def.name != Some(var.name)
                || var.block_member.is_some()
                || !self.interner.resolve(var.name).starts_with("gl_")
                || self.mode_of(var) != mode
                || !self.is_captured_block(block)
            {
                return None;
            }
            let k = def.members.iter().position(|mem| mem.name == name)?;
            Some((block, k as u32))
        })
    }

    /// Whether transform feedback qualifiers are on block `block` or its members.
    fn is_captured_block(&self, block: hir::VarId) -> bool {
        let m = self.m;
        let var = m.var(block);
        let HType::Struct(sid) = *m.types.get(var.ty) else {
            return false;
        };
        let xfb = |entries: &[hir::LayoutEntry]| {
            entries
                .iter()
                .any(|e| self.interner.resolve(e.name).starts_with("xfb_"))
        };
        xfb(&var.quals.layout)
            || m.types
                .struct_def(sid)
                .members
                .iter()
                .any(|mem| xfb(&mem.layout.entries))
    }

    /// Whether `block` is a redeclared anonymous built-in block (`out gl_PerVertex { ... };`):
    /// the checker lets its members replace the built-in variables (which stay members of
    /// the implicit block, flattened where used), so no variable names it as its block. A
    /// block with transform feedback qualifiers keeps its variable.
    fn is_redeclared_builtin_block(&self, block: hir::VarId) -> bool {
        let m = self.m;
        let var = m.var(block);
        let HType::Struct(sid) = *m.types.get(var.ty) else {
            return false;
        };
        let Some(block_name) = m.types.struct_def(sid).name else {
            return false;
        };
        // Transform feedback on the block or its members stays on the block variable
        // (the back ends decorate its members).
        let captured = self.is_captured_block(block);
        block_name == var.name
            && !captured
            && self.interner.resolve(block_name).starts_with("gl_")
            && !m
                .vars
                .iter()
                .any(|v| v.block_member.is_some_and(|(b, _)| b == block))
    }

    /// Gives the members of an in/out block declared without a size (a redeclared
    /// `gl_PerVertex`'s `float gl_ClipDistance[];`) the size their uses imply: one more than
    /// the largest constant index (as glslang does). `ty` is the block's struct type or an
    /// array of it. In NV mesh shader output blocks, the members left without a size are
    /// the per-view ones (`perviewNV`, the only ones GL_NV_mesh_shader lets go unsized):
    /// their outer dimension is the view count, `gl_MaxMeshViewCountNV` (4), as in glslang.
    fn size_implicit_members(
        &mut self,
        types: &mut Types,
        ty: TypeId,
        block: hir::VarId,
        mode: VarMode,
    ) -> TypeId {
        if let fresnel_ir::Type::Array { elem, len, stride } = *types.get(ty) {
            let e = self.size_implicit_members(types, elem, block, mode);
            return if e == elem {
                ty
            } else {
                types.intern(fresnel_ir::Type::Array {
                    elem: e,
                    len,
                    stride,
                })
            };
        }
        let fresnel_ir::Type::Struct {
            name,
            fields,
            block: is_block,
        } = types.get(ty).clone()
        else {
            return ty;
        };
        if !fields
            .iter()
            .any(|f| matches!(types.get(f.ty), fresnel_ir::Type::Array { len: 0, .. }))
        {
            return ty;
        }
        let m = self.m;
        // (block, member) -> size, from `member[k]` with a constant `k`, the member named
        // through an anonymous block's member variable or `instance.member`.
        let mut sizes: FxHashMap<u32, u32> = FxHashMap::default();
        for e in &m.exprs {
            let hir::ExprKind::Index(base, idx) = &e.kind else {
                continue;
            };
            let hir::ExprKind::Const(c) = &m.expr(*idx).kind else {
                continue;
            };
            let member = match &m.expr(*base).kind {
                hir::ExprKind::Var(v) => match m.var(*v).block_member {
                    Some((b, i)) if b == block => Some(i),
                    _ => None,
                },
                hir::ExprKind::Member(inner, i) => match &m.expr(*inner).kind {
                    hir::ExprKind::Var(b) if *b == block => Some(*i),
                    // `inst[n].member[k]` of an arrayed block.
                    hir::ExprKind::Index(arr, _) => match &m.expr(*arr).kind {
                        hir::ExprKind::Var(b) if *b == block => Some(*i),
                        _ => None,
                    },
                    _ => None,
                },
                _ => None,
            };
            if let Some(i) = member {
                let k = u32::try_from(scalar_bits(c)).unwrap_or(0).saturating_add(1);
                let ent = sizes.entry(i).or_insert(0);
                *ent = (*ent).max(k);
            }
        }
        let mut changed = false;
        let mut new_fields = fields.clone();
        for (i, f) in new_fields.iter_mut().enumerate() {
            let fresnel_ir::Type::Array {
                elem,
                len: 0,
                stride,
            } = *types.get(f.ty)
            else {
                continue;
            };
            let per_view = self.stage == fresnel_ir::Stage::Mesh && mode == VarMode::ShaderOut;
            let len = if per_view {
                Some(MESH_VIEW_COUNT_NV)
            } else {
                sizes.get(&(i as u32)).copied()
            };
            if let Some(len) = len {
                f.ty = types.intern(fresnel_ir::Type::Array { elem, len, stride });
                changed = true;
            }
        }
        if !changed {
            return ty;
        }
        let precisions: Vec<fresnel_ir::Precision> = (0..fields.len())
            .map(|i| types.member_precision(ty, i))
            .collect();
        let sized = types.intern(fresnel_ir::Type::Struct {
            name,
            fields: new_fields,
            block: is_block,
        });
        types.set_member_precision(sized, precisions);
        sized
    }
}

impl crate::func::FnCx<'_, '_, '_> {
    /// Gives the local `iv` of the HIR variable `v`, when declared without a size
    /// (`float a[];`), the size its uses imply (as globals get).
    pub(crate) fn size_implicit_local(&mut self, iv: fresnel_ir::VarId, v: hir::VarId) {
        let ty = self.cx.vars[iv].ty;
        let mut sized = self.cx.size_implicit_array(self.b.types, ty, v);
        // Issue 5: lengths given by specialization constants stay specializable (a size
        // the IR cannot express keeps the default).
        let span = self.cx.m.var(v).span;
        if let Ok(t) = self.cx.spec_array_type(self.b.types, sized, v, span) {
            sized = t;
        }
        self.cx.vars[iv].ty = sized;
    }

    /// The length of the array a deref names when it is known at compile time (every array
    /// but a runtime-sized buffer member): `.length()` of an implicitly sized array.
    pub(crate) fn known_array_length(&self, d: fresnel_ir::ValueId) -> Option<u32> {
        let def = self.b.func.values[d].def;
        let fresnel_ir::InstrKind::Deref(dr) = &self.b.func.instrs[def].kind else {
            return None;
        };
        match self.b.types.get(dr.ty) {
            fresnel_ir::Type::Array { len, .. } if *len > 0 => Some(*len),
            _ => None,
        }
    }
}

/// GL_ARB/EXT_geometry_shader4's per-vertex inputs before GLSL 1.50 (`gl_PositionIn[i]`), sized
/// by an input primitive chosen through the API.
fn is_geometry_shader4_input(name: &str) -> bool {
    matches!(
        name,
        "gl_PositionIn"
            | "gl_PointSizeIn"
            | "gl_ClipVertexIn"
            | "gl_FrontColorIn"
            | "gl_BackColorIn"
            | "gl_FrontSecondaryColorIn"
            | "gl_BackSecondaryColorIn"
            | "gl_TexCoordIn"
            | "gl_FogFragCoordIn"
    )
}
